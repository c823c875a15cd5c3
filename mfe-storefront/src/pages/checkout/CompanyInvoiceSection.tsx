import { apiClient, readData } from 'shared-contracts';
import type { VatInvoiceRequest } from 'shared-contracts/schemas';
import cartStyles from '../cart/CartPage.module.css';

export interface CompanyInvoice {
  wanted: boolean;
  companyName: string;
  taxCode: string;
  address: string;
  email: string;
}

export const NO_COMPANY_INVOICE: CompanyInvoice = { wanted: false, companyName: '', taxCode: '', address: '', email: '' };

export const companyInvoiceText = {
  toggle: 'Xuất hóa đơn công ty',
  hint: 'Hóa đơn GTGT điện tử gửi tới email của công ty. Yêu cầu được gửi ngay sau khi đặt hàng; bạn có thể sửa trong trang đơn hàng.',
  companyName: 'Tên công ty',
  taxCode: 'Mã số thuế',
  taxCodeHint: '10 chữ số, hoặc 13 chữ số dạng 0123456789-001 cho chi nhánh',
  address: 'Địa chỉ công ty',
  email: 'Email nhận hóa đơn',
  sent: 'Đã gửi yêu cầu xuất hóa đơn công ty.',
  failed: (message: string) => `Chưa gửi được yêu cầu xuất hóa đơn công ty: ${message} Bạn có thể gửi lại trong trang chi tiết đơn hàng.`,
};

/** POST /orders/:code/vat-invoice-request, right after the order is placed (the order's own schema is unchanged). */
export function askCompanyInvoice(code: string, company: CompanyInvoice): Promise<VatInvoiceRequest> {
  const { companyName, taxCode, address, email } = company;
  return readData<VatInvoiceRequest>(apiClient.post(`/orders/${encodeURIComponent(code)}/vat-invoice-request`, { companyName, taxCode, address, email }));
}

const FIELDS: Array<[keyof Omit<CompanyInvoice, 'wanted'>, string, string, number]> = [
  ['companyName', companyInvoiceText.companyName, 'organization', 200],
  ['taxCode', companyInvoiceText.taxCode, 'off', 20],
  ['address', companyInvoiceText.address, 'off', 300],
  ['email', companyInvoiceText.email, 'email', 254],
];

/** The optional company section of the checkout: a box to tick, then the company's name, tax code, address and email. */
export function CompanyInvoiceSection({ value, onChange }: { value: CompanyInvoice; onChange: (next: CompanyInvoice) => void }) {
  return (
    <div className={cartStyles.field}>
      <label className={cartStyles.choice}>
        <input type="checkbox" name="companyInvoice" checked={value.wanted} onChange={(event) => onChange({ ...value, wanted: event.target.checked })} />
        <span>
          {companyInvoiceText.toggle} <span className={cartStyles.muted}>(không bắt buộc)</span>
        </span>
      </label>
      {value.wanted && (
        <>
          <p className={cartStyles.muted}>{companyInvoiceText.hint}</p>
          {FIELDS.map(([name, label, autoComplete, maxLength]) => (
            <div className={cartStyles.field} key={name}>
              <label htmlFor={`checkout-vat-${name}`}>{label}</label>
              <input
                id={`checkout-vat-${name}`}
                type={name === 'email' ? 'email' : 'text'}
                inputMode={name === 'taxCode' ? 'numeric' : undefined}
                autoComplete={autoComplete}
                maxLength={maxLength}
                value={value[name]}
                aria-describedby={name === 'taxCode' ? 'checkout-vat-taxCode-hint' : undefined}
                onChange={(event) => onChange({ ...value, [name]: event.target.value })}
              />
              {name === 'taxCode' && (
                <span id="checkout-vat-taxCode-hint" className={cartStyles.muted}>
                  {companyInvoiceText.taxCodeHint}
                </span>
              )}
            </div>
          ))}
        </>
      )}
    </div>
  );
}
