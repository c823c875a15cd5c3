import { FormNotice } from '../forms/Fields';
import formStyles from '../forms/Form.module.css';

const RETRY = 'Thử lại';

/** A block that could not be loaded: the Vietnamese reason and 'Thử lại'. */
export function LoadFailure({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className={formStyles.actions}>
      <FormNotice tone="error">{message}</FormNotice>
      <button type="button" className={formStyles.secondary} onClick={onRetry}>
        {RETRY}
      </button>
    </div>
  );
}
