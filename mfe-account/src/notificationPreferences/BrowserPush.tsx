import { useEffect, useState } from 'react';
import { ApiError } from 'shared-contracts';
import { FormNotice } from '../forms/Fields';
import formStyles from '../forms/Form.module.css';
import { currentSubscription, PushPermissionDenied, pushSupport, subscribeBrowser } from './browserPush';
import { preferencesApi } from './preferencesApi';
import { preferencesText as t } from './preferencesText';
import styles from './NotificationPreferences.module.css';

type Status = 'checking' | 'off' | 'on' | 'busy' | 'disabling';
type Notice = { tone: 'success' | 'error'; text: string } | null;

const reason = (error: unknown, fallback: string) => (error instanceof ApiError && error.message ? error.message : fallback);

/**
 * "Bật thông báo trên trình duyệt": subscribes this browser with the server's VAPID key and hands the subscription
 * to the API; "Tắt" unsubscribes it and deletes it there. `onChange` lets the table read what is reachable again.
 */
export function BrowserPush({ onChange }: { onChange: () => void }) {
  const [status, setStatus] = useState<Status>('checking');
  const [notice, setNotice] = useState<Notice>(null);
  const support = pushSupport();

  useEffect(() => {
    let active = true;
    currentSubscription().then(
      (subscription) => {
        if (active) setStatus(subscription ? 'on' : 'off');
      },
      () => {
        if (active) setStatus('off');
      },
    );
    return () => {
      active = false;
    };
  }, []);

  const enable = async () => {
    setStatus('busy');
    setNotice(null);
    try {
      const key = await preferencesApi.pushKey();
      if (!key) {
        setNotice({ tone: 'error', text: t.unavailable });
        setStatus('off');
        return;
      }
      await preferencesApi.addSubscription(await subscribeBrowser(key));
      setStatus('on');
      setNotice({ tone: 'success', text: t.enabled });
      onChange();
    } catch (error) {
      setStatus('off');
      setNotice({ tone: 'error', text: error instanceof PushPermissionDenied ? t.denied : reason(error, t.failed) });
    }
  };

  const disable = async () => {
    setStatus('disabling');
    setNotice(null);
    try {
      const subscription = await currentSubscription();
      if (subscription) {
        await preferencesApi.removeSubscription(subscription.endpoint);
        await subscription.unsubscribe();
      }
      setStatus('off');
      setNotice({ tone: 'success', text: t.disabled });
      onChange();
    } catch (error) {
      setStatus('on');
      setNotice({ tone: 'error', text: reason(error, t.failed) });
    }
  };

  return (
    <div className={styles.push}>
      <h3 className={styles.subTitle}>{t.pushTitle}</h3>
      {support === 'unsupported' ? (
        <p className={styles.hint}>{t.unsupported}</p>
      ) : (
        <>
          <p className={styles.hint}>{status === 'on' ? t.pushOn : t.pushOff}</p>
          {support === 'denied' && status !== 'on' && <p className={styles.hint}>{t.denied}</p>}
          <div className={formStyles.actions}>
            {status === 'on' || status === 'disabling' ? (
              <button type="button" className={formStyles.secondary} onClick={() => void disable()} disabled={status === 'disabling'}>
                {status === 'disabling' ? t.disabling : t.disable}
              </button>
            ) : (
              <button type="button" className={formStyles.primary} onClick={() => void enable()} disabled={status === 'checking' || status === 'busy'}>
                {status === 'busy' ? t.enabling : t.enable}
              </button>
            )}
          </div>
        </>
      )}
      {notice && <FormNotice tone={notice.tone}>{notice.text}</FormNotice>}
    </div>
  );
}
