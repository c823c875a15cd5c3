import { useCallback, useId, useState, type FormEvent } from 'react';
import { ApiError } from 'shared-contracts';
import { NOTIFICATION_CHANNEL_LABELS, NOTIFICATION_CHANNELS, NOTIFICATION_TOPIC_LABELS, NOTIFICATION_TOPICS, type NotificationChannel, type NotificationTopic } from 'shared-contracts/notifications';
import type { NotificationPreferences as Preferences } from 'shared-contracts/schemas';
import { FormNotice } from '../forms/Fields';
import { loadedOf, useAsync } from '../hooks/useAsync';
import formStyles from '../forms/Form.module.css';
import { vi } from '../i18n/vi';
import { BrowserPush } from './BrowserPush';
import { preferencesApi } from './preferencesApi';
import { preferencesText as t } from './preferencesText';
import styles from './NotificationPreferences.module.css';

type State = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; saved: Preferences; topics: Preferences['topics'] };

const reason = (error: unknown) => (error instanceof ApiError && error.message ? error.message : vi.requestFailed);

const readPreferences = (signal: AbortSignal) => preferencesApi.get(signal);

/**
 * The profile's "Thông báo": per topic, the channels outside the site (checkboxes; a channel the account cannot be
 * reached on is disabled and says why), "Lưu" → PUT /api/notifications/preferences; then this browser's Web Push.
 */
export function NotificationPreferences() {
  const titleId = useId();
  // the boxes as ticked: the first answer's, kept by a reload (after push was turned on) until they are saved
  const [topics, setTopics] = useState<Preferences['topics'] | null>(null);
  const keepTicked = useCallback((preferences: Preferences) => setTopics((current) => current ?? preferences.topics), []);
  const { state: loaded, reload, setData } = useAsync(readPreferences, { onData: keepTicked });
  const shown = loadedOf(loaded);
  const state: State =
    shown.status === 'ready' && topics ? { status: 'ready', saved: shown.data, topics } : shown.status === 'failed' ? { status: 'error', message: shown.message } : { status: 'loading' };
  // read again with what is shown left on screen (also a failure, until the answer)
  const load = () => reload('keep');
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const toggle = (topic: NotificationTopic, channel: NotificationChannel, on: boolean) => {
    setNotice(null);
    setTopics((previous) => previous && { ...previous, [topic]: { ...previous[topic], [channel]: on } });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (state.status !== 'ready' || saving) return;
    setSaving(true);
    setNotice(null);
    try {
      const saved = await preferencesApi.save(state.topics);
      setData(() => saved);
      setTopics(saved.topics);
      setNotice({ tone: 'success', text: t.saved });
    } catch (error) {
      setNotice({ tone: 'error', text: reason(error) });
    } finally {
      setSaving(false);
    }
  };

  const reasons = state.status === 'ready' ? NOTIFICATION_CHANNELS.filter((channel) => !state.saved.reachable[channel]) : [];
  const reasonId = (channel: NotificationChannel) => `${titleId}-unreachable-${channel}`;
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {t.title}
      </h2>
      <p className={styles.hint}>{t.intro}</p>
      {state.status === 'loading' && <p role="status">{t.loading}</p>}
      {state.status === 'error' && (
        // not an alert: the profile page says once, itself, when the API cannot be reached
        <div className={formStyles.actions}>
          <p className={styles.hint}>{`${t.loadFailed} ${state.message}`}</p>
          <button type="button" className={formStyles.secondary} onClick={() => load()}>
            {t.retry}
          </button>
        </div>
      )}
      {state.status === 'ready' && (
        <form onSubmit={(event) => void onSubmit(event)} className={styles.form}>
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <caption className={styles.caption}>{t.caption}</caption>
              <thead>
                <tr>
                  <th scope="col">{t.topic}</th>
                  {NOTIFICATION_CHANNELS.map((channel) => (
                    <th scope="col" key={channel}>
                      {NOTIFICATION_CHANNEL_LABELS[channel]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {NOTIFICATION_TOPICS.map((topic) => (
                  <tr key={topic}>
                    <th scope="row">{NOTIFICATION_TOPIC_LABELS[topic]}</th>
                    {NOTIFICATION_CHANNELS.map((channel) => {
                      const reachable = state.saved.reachable[channel];
                      return (
                        <td key={channel}>
                          <input
                            type="checkbox"
                            className={styles.checkbox}
                            aria-label={t.checkbox(NOTIFICATION_TOPIC_LABELS[topic], NOTIFICATION_CHANNEL_LABELS[channel])}
                            aria-describedby={reachable ? (topic === 'marketing' ? `${titleId}-marketing` : undefined) : reasonId(channel)}
                            checked={reachable && state.topics[topic][channel]}
                            disabled={!reachable || saving}
                            onChange={(event) => toggle(topic, channel, event.target.checked)}
                          />
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className={styles.notes}>
            <li id={`${titleId}-marketing`}>{t.marketing}</li>
            {reasons.map((channel) => (
              <li key={channel} id={reasonId(channel)} data-testid={`unreachable-${channel}`}>
                <strong>{NOTIFICATION_CHANNEL_LABELS[channel]}:</strong> {t.unreachable[channel]}
              </li>
            ))}
          </ul>
          {notice && <FormNotice tone={notice.tone}>{notice.text}</FormNotice>}
          <div className={formStyles.actions}>
            <button type="submit" className={formStyles.primary} disabled={saving}>
              {saving ? t.saving : t.save}
            </button>
          </div>
        </form>
      )}
      <BrowserPush onChange={() => load()} />
    </section>
  );
}
