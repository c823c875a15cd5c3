import { apiClient, type Outcome, readData, readOutcome } from 'shared-contracts';
import type { FreePartLine, FreePartLineLinkInput, FreePartLineSpecialOrderInput } from 'shared-contracts/schemas';

const path = (id: number, step: string) => `/staff/parts-free-lines/${id}/${step}`;

/**
 * The parts desk's calls on parts outside the catalogue (issue 36). Each write sends the version of the line the
 * desk showed: a line someone resolved meanwhile answers 409 FREE_PART_LINE_CHANGED.
 */
export const freeLinesDeskApi = {
  /** GET /staff/parts-free-lines: the centre's lines on orders still on the floor, unresolved first. */
  list: (signal?: AbortSignal) => readData<FreePartLine[]>(apiClient.get('/staff/parts-free-lines', { signal })),
  /** POST …/link {productId, version}: the line becomes a parts request (Chờ duyệt) for the product. */
  link: (id: number, input: FreePartLineLinkInput): Promise<Outcome<FreePartLine>> => readOutcome(apiClient.post(path(id, 'link'), input)),
  /** POST …/special-order {supplierNote, expectedDate (yyyy-MM-dd), version}. */
  specialOrder: (id: number, input: FreePartLineSpecialOrderInput): Promise<Outcome<FreePartLine>> =>
    readOutcome(apiClient.post(path(id, 'special-order'), input)),
};

export type FreeLinesDeskApi = typeof freeLinesDeskApi;
