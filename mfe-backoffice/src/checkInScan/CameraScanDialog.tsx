import { useEffect, useRef, useState } from 'react';
import { looksLikeCheckInCode } from 'shared-contracts/backoffice';
import { ModalDialog } from '../components/ModalDialog';
import { checkInScanText } from './checkInScanText';
import { createQrFrameReader } from './qrFrameReader';
import styles from './CheckInScan.module.css';

const t = checkInScanText.camera;
/** Frames read a second: enough for a code held still, light on the counter PC. */
const READ_INTERVAL_MS = 200;

type CameraState = 'starting' | 'scanning' | 'failed';

interface Props {
  onCode: (code: string) => void;
  onClose: () => void;
}

/** The camera at the counter: the rear camera where there is one; the first check-in code read closes it. */
export function CameraScanDialog({ onCode, onClose }: Props) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>('starting');
  const [foreign, setForeign] = useState(false);
  const found = useRef(onCode);
  found.current = onCode;

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const start = async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('no camera');
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        const read = await createQrFrameReader();
        setState('scanning');
        const tick = async () => {
          if (stopped || !video.current) return;
          const text = await read(video.current).catch(() => null);
          if (stopped) return;
          if (text && looksLikeCheckInCode(text)) {
            found.current(text.trim());
            return;
          }
          if (text) setForeign(true);
          timer = setTimeout(() => void tick(), READ_INTERVAL_MS);
        };
        void tick();
      } catch {
        if (!stopped) setState('failed');
      }
    };
    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return (
    <ModalDialog title={t.title} onClose={onClose} closeLabel={t.close} description={t.hint}>
      <video ref={video} className={styles.video} muted playsInline aria-label={t.video} />
      <p role="status">{state === 'starting' ? t.starting : state === 'scanning' ? t.scanning : ''}</p>
      <div role="alert">
        {state === 'failed' && <p className={styles.alert}>{t.noCamera}</p>}
        {state === 'scanning' && foreign && <p className={styles.alert}>{t.notCheckInCode}</p>}
      </div>
    </ModalDialog>
  );
}
