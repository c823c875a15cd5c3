import { componentInfo } from '../../../src/modules/prediction/componentLabels';
import { productionDatabase, useScratchDatabase } from '../../support/testDatabases';

/**
 * A component's label on the forecast and the prediction pages is Vietnamese even when no active service's
 * checklist names it any more: the shared component names stand in before the bare code.
 */
describe.each(productionDatabase())('component labels on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });

  it('names a component no active template names by its Vietnamese name, an unknown code by itself', async () => {
    await scratch.db.updateTable('services').set({ is_active: 0 }).execute();
    const info = await componentInfo(scratch.db);
    expect(info('ROAD_TEST')).toEqual({ label: 'Chạy thử', serviceSlug: null });
    expect(info('CELL_VOLTAGE')).toEqual({ label: 'Điện áp cell', serviceSlug: null });
    expect(info('BRAKE_PADS')).toEqual({ label: 'Má phanh', serviceSlug: 'bao-duong-phanh' });
    expect(info('NOT_A_COMPONENT')).toEqual({ label: 'NOT_A_COMPONENT', serviceSlug: null });
  });
});
