import type { Migration } from 'kysely/migration';
import * as m0001 from './0001_service_centres';
import * as m0002 from './0002_accounts';
import * as m0003 from './0003_catalogue';
import * as m0004 from './0004_shop';
import * as m0005 from './0005_service_booking';
import * as m0006 from './0006_back_office';
import * as m0007 from './0007_centre_inventory';
import * as m0008 from './0008_parts_requests';
import * as m0009 from './0009_kpi_indexes';
import * as m0010 from './0010_technician_shifts';
import * as m0011 from './0011_shop_revenue_index';
import * as m0012 from './0012_kpi_usage_index';
import * as m0013 from './0013_predictive_maintenance';
import * as m0014 from './0014_forecast_reminders';
import * as m0015 from './0015_vehicle_inspection_indexes';
import * as m0016 from './0016_diagnosis_training';
import * as m0017 from './0017_product_list_items';
import * as m0018 from './0018_email_outbox_priority';
import * as m0019 from './0019_product_list_item_hash';
import * as m0020 from './0020_google_sign_in_handoffs';
import * as m0021 from './0021_scheduled_job_runs';
import * as m0022 from './0022_appointment_vehicle_index';
import * as m0023 from './0023_one_account_per_plate';
import * as m0024 from './0024_parts_free_lines';
import * as m0025 from './0025_web_order_desk';
import * as m0026 from './0026_catalogue_admin';
import * as m0027 from './0027_catalogue_taxonomy_promotions';
import * as m0028 from './0028_stock_locations';
import * as m0029 from './0029_service_catalogue_admin';
import * as m0030 from './0030_payment_transactions';
import * as m0031 from './0031_payment_exceptions';
import * as m0032 from './0032_vat_invoice_requests';
import * as m0033 from './0033_product_list_price_changes';
import * as m0034 from './0034_orders_phone_search';
import * as m0035 from './0035_products_admin_order';
import * as m0036 from './0036_order_payments';
import * as m0037 from './0037_stock_transfer_requests';
import * as m0038 from './0038_goods_receipts';
import * as m0039 from './0039_shipping_vat_rate';
import * as m0040 from './0040_product_csv_import_journal';
import * as m0041 from './0041_wishlist';
import * as m0042 from './0042_product_reviews';
import * as m0043 from './0043_service_ratings';
import * as m0044 from './0044_conversations';
import * as m0045 from './0045_notification_centre';
import * as m0046 from './0046_notification_channels';
import * as m0047 from './0047_lean_product_list_items';
import * as m0048 from './0048_product_list_version';
import * as m0049 from './0049_live_event_log';
import * as m0050 from './0050_revocation_read_index';
import * as m0051 from './0051_sale_ledger';
import * as m0052 from './0052_cash_closes';
import * as m0053 from './0053_cash_close_ledger_ids';
import * as m0054 from './0054_service_invoice_refunds';
import * as m0055 from './0055_one_outbox';
import * as m0056 from './0056_provider_health';
import * as m0057 from './0057_e_invoices';
import * as m0058 from './0058_e_invoice_corrections';
import * as m0059 from './0059_loyalty_points';
import * as m0060 from './0060_loyalty_tiers';
import * as m0061 from './0061_counter_points';
import * as m0062 from './0062_loyalty_bonuses';
import * as m0063 from './0063_member_prices';
import * as m0064 from './0064_member_lots_order';
import * as m0065 from './0065_coded_addresses';
import * as m0066 from './0066_parcel_sizes';
import * as m0067 from './0067_carrier_ward_codes';
import * as m0068 from './0068_shipments';
import * as m0069 from './0069_cod_statements';
import * as m0070 from './0070_vehicle_models';
import * as m0071 from './0071_product_fitments';
import * as m0072 from './0072_battery_health_reports';
import * as m0073 from './0073_recall_campaigns';
import * as m0074 from './0074_warranty';
import * as m0075 from './0075_remote_releases';
import * as m0076 from './0076_release_health';
import * as m0077 from './0077_deliveries_due_without_email';

/**
 * Every migration, by name, in the order they run. Add a new one by importing its module here: the list is
 * static (no folder globbing), so the build, tsx and Jest all see the same migrations.
 */
export const migrations: Record<string, Migration> = {
  '0001_service_centres': m0001,
  '0002_accounts': m0002,
  '0003_catalogue': m0003,
  '0004_shop': m0004,
  '0005_service_booking': m0005,
  '0006_back_office': m0006,
  '0007_centre_inventory': m0007,
  '0008_parts_requests': m0008,
  '0009_kpi_indexes': m0009,
  '0010_technician_shifts': m0010,
  '0011_shop_revenue_index': m0011,
  '0012_kpi_usage_index': m0012,
  '0013_predictive_maintenance': m0013,
  '0014_forecast_reminders': m0014,
  '0015_vehicle_inspection_indexes': m0015,
  '0016_diagnosis_training': m0016,
  '0017_product_list_items': m0017,
  '0018_email_outbox_priority': m0018,
  '0019_product_list_item_hash': m0019,
  '0020_google_sign_in_handoffs': m0020,
  '0021_scheduled_job_runs': m0021,
  '0022_appointment_vehicle_index': m0022,
  '0023_one_account_per_plate': m0023,
  '0024_parts_free_lines': m0024,
  '0025_web_order_desk': m0025,
  '0026_catalogue_admin': m0026,
  '0027_catalogue_taxonomy_promotions': m0027,
  '0028_stock_locations': m0028,
  '0029_service_catalogue_admin': m0029,
  '0030_payment_transactions': m0030,
  '0031_payment_exceptions': m0031,
  '0032_vat_invoice_requests': m0032,
  '0033_product_list_price_changes': m0033,
  '0034_orders_phone_search': m0034,
  '0035_products_admin_order': m0035,
  '0036_order_payments': m0036,
  '0037_stock_transfer_requests': m0037,
  '0038_goods_receipts': m0038,
  '0039_shipping_vat_rate': m0039,
  '0040_product_csv_import_journal': m0040,
  '0041_wishlist': m0041,
  '0042_product_reviews': m0042,
  '0043_service_ratings': m0043,
  '0044_conversations': m0044,
  '0045_notification_centre': m0045,
  '0046_notification_channels': m0046,
  '0047_lean_product_list_items': m0047,
  '0048_product_list_version': m0048,
  '0049_live_event_log': m0049,
  '0050_revocation_read_index': m0050,
  '0051_sale_ledger': m0051,
  '0052_cash_closes': m0052,
  '0053_cash_close_ledger_ids': m0053,
  '0054_service_invoice_refunds': m0054,
  '0055_one_outbox': m0055,
  '0056_provider_health': m0056,
  '0057_e_invoices': m0057,
  '0058_e_invoice_corrections': m0058,
  '0059_loyalty_points': m0059,
  '0060_loyalty_tiers': m0060,
  '0061_counter_points': m0061,
  '0062_loyalty_bonuses': m0062,
  '0063_member_prices': m0063,
  '0064_member_lots_order': m0064,
  '0065_coded_addresses': m0065,
  '0066_parcel_sizes': m0066,
  '0067_carrier_ward_codes': m0067,
  '0068_shipments': m0068,
  '0069_cod_statements': m0069,
  '0070_vehicle_models': m0070,
  '0071_product_fitments': m0071,
  '0072_battery_health_reports': m0072,
  '0073_recall_campaigns': m0073,
  '0074_warranty': m0074,
  '0075_remote_releases': m0075,
  '0076_release_health': m0076,
  '0077_deliveries_due_without_email': m0077,
};
