import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { Clock } from '../../security/clock';
import type { EInvoiceProvider } from './eInvoiceProvider';
import { misaMeInvoiceProvider } from './providers/misaMeInvoice';
import { standInEInvoiceProvider } from './providers/standInEInvoice';
import { viettelSInvoiceProvider } from './providers/viettelSInvoice';
import { vnptInvoiceProvider } from './providers/vnptInvoice';

/** The provider E_INVOICE_PROVIDER chose, with the shop's account; null when e-invoices are off. */
export function eInvoiceProviderOf(db: Kysely<Database>, config: Pick<Config, 'eInvoice' | 'seller' | 'publicUrl'>, clock: Clock): EInvoiceProvider | null {
  const settings = config.eInvoice;
  const taxCode = config.seller.taxCode;
  const now = () => clock.now();
  switch (settings.provider) {
    case 'off':
      return null;
    case 'standin':
      return standInEInvoiceProvider(db, { sellerTaxCode: taxCode, publicUrl: config.publicUrl, now });
    case 'misa':
      return misaMeInvoiceProvider({ baseUrl: settings.apiUrl, appId: settings.appId, taxCode, username: settings.username, password: settings.password, series: settings.series }, { now });
    case 'viettel':
      return viettelSInvoiceProvider({ baseUrl: settings.apiUrl, supplierTaxCode: taxCode, username: settings.username, password: settings.password, templateCode: settings.template, series: settings.series }, { now });
    case 'vnpt':
      return vnptInvoiceProvider(
        { baseUrl: settings.apiUrl, account: settings.account, accountPassword: settings.accountPassword, username: settings.username, password: settings.password, pattern: settings.template, serial: settings.series },
        { now },
      );
  }
}
