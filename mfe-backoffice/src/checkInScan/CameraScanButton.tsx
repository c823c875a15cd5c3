import { lazy, Suspense, useState } from 'react';
import { ModalDialog } from '../components/ModalDialog';
import { checkInScanText } from './checkInScanText';
import styles from './CheckInScan.module.css';

// The camera and its decoder load only when the button is pressed.
const CameraScanDialog = lazy(() => import('./CameraScanDialog').then((module) => ({ default: module.CameraScanDialog })));

const t = checkInScanText.camera;

/** "Quét mã QR": the camera for a customer's QR (a USB scanner types into the search box instead). */
export function CameraScanButton({ onCode, disabled }: { onCode: (code: string) => void; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={styles.secondary} disabled={disabled} onClick={() => setOpen(true)}>
        {t.open}
      </button>
      {open && (
        <Suspense
          fallback={
            <ModalDialog title={t.title} onClose={() => setOpen(false)} closeLabel={t.close}>
              <p>{t.starting}</p>
            </ModalDialog>
          }
        >
          <CameraScanDialog
            onClose={() => setOpen(false)}
            onCode={(code) => {
              setOpen(false);
              onCode(code);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
