import { useState } from 'react';
import { ApiError, messages } from 'shared-contracts';
import { ordersApi } from './ordersApi';
import { ordersText } from './ordersText';
import styles from './OrdersPage.module.css';

type PayOsState = { kind: 'idle' } | { kind: 'opening' } | { kind: 'failed'; message: string };

/** "Thanh toán qua payOS": makes (or reuses) the order's payOS link and goes to its checkout page. */
export function PayOsButton({ code, go = (url: string) => window.location.assign(url) }: { code: string; go?: (url: string) => void }) {
  const [state, setState] = useState<PayOsState>({ kind: 'idle' });
  const t = ordersText.payOs;

  const onClick = async () => {
    if (state.kind === 'opening') return;
    setState({ kind: 'opening' });
    try {
      const { checkoutUrl } = await ordersApi.payOsLink(code);
      go(checkoutUrl);
    } catch (error) {
      setState({ kind: 'failed', message: error instanceof ApiError && error.message ? error.message : messages.errors.generic });
    }
  };

  return (
    <div className={styles.payOs}>
      <p>{t.hint}</p>
      <button type="button" className={styles.button} onClick={() => void onClick()} disabled={state.kind === 'opening'}>
        {state.kind === 'opening' ? t.opening : t.pay}
      </button>
      {state.kind === 'failed' && (
        <p role="alert" className={styles.error}>
          {state.message}
        </p>
      )}
    </div>
  );
}
