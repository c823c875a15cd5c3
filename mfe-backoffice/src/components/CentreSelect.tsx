import type { ServiceCentre } from 'shared-contracts/schemas';

interface Props {
  id: string;
  className?: string;
  /** The centres to choose from; null while they load (the select is disabled meanwhile). */
  centres: readonly Pick<ServiceCentre, 'id' | 'name'>[] | null;
  /** The centre chosen, undefined before there is one. */
  value: number | undefined;
  onChange(centreId: number): void;
}

/** An admin's choice of service centre (its <label htmlFor={id}> stays with the page's own layout). */
export function CentreSelect({ id, className, centres, value, onChange }: Props) {
  return (
    <select id={id} className={className} value={value ?? ''} disabled={!centres} onChange={(event) => onChange(Number(event.target.value))}>
      {(centres ?? []).map((centre) => (
        <option key={centre.id} value={centre.id}>
          {centre.name}
        </option>
      ))}
    </select>
  );
}
