// "Bảo hành hãng" (issue 66 §5) at /manager/warranty-claims and /admin/warranty-claims: the warranty claims to
// manufacturers (draft, send, the manufacturer's decision and credit) and the report per manufacturer and month.
export { WarrantyClaimsPage } from './WarrantyClaimsPage';
