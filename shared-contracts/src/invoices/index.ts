export { amountInVietnameseWords } from './amountInWords';
export { taxCodeCheckDigit, taxCodeMessages, validateVietnameseTaxCode, type TaxCodeCheck } from './taxCode';
