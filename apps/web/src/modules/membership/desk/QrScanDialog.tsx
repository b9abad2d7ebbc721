import { Camera, CameraOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { memberCodeIn } from './rules';

/** Reads the text of a QR code in the video's current frame, or null. */
type Decoder = (video: HTMLVideoElement) => Promise<string | null>;

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorClass = {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
};

/**
 * The browser's own QR reader (BarcodeDetector) where it has one, else jsQR on a downscaled frame
 * drawn to a canvas. Null when neither can be had.
 */
async function makeDecoder(): Promise<Decoder | null> {
  const Native = (window as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (Native) {
    try {
      const formats = (await Native.getSupportedFormats?.()) ?? ['qr_code'];
      if (formats.includes('qr_code')) {
        const detector = new Native({ formats: ['qr_code'] });
        return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
      }
    } catch {
      // fall back to jsQR
    }
  }
  try {
    const { default: jsQR } = await import('jsqr');
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) return null;
    return async (video) => {
      const width = video.videoWidth;
      const height = video.videoHeight;
      if (!width || !height) return null;
      const scale = Math.min(1, 640 / width);
      canvas.width = Math.round(width * scale);
      canvas.height = Math.round(height * scale);
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      const frame = context.getImageData(0, 0, canvas.width, canvas.height);
      return jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
    };
  } catch {
    return null;
  }
}

type ScanState =
  | { kind: 'starting' }
  | { kind: 'scanning'; note?: string }
  | { kind: 'blocked'; message: string }
  | { kind: 'unsupported'; message: string };

/** Why the camera could not be opened, in the desk's words. */
function cameraProblem(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return 'The browser was not allowed to use the camera. Allow camera access for this site (the camera icon in the address bar), then try again.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'No camera was found on this computer.';
  if (name === 'NotReadableError') return 'The camera is in use by another app. Close it (a video call, another tab) and try again.';
  return 'The camera could not be started.';
}

/**
 * Scan a member card's QR code with the laptop camera: the video, a frame to aim at, and the code
 * read from it (`MEM-00042`) handed to `onCode`. Where the browser cannot use the camera or read
 * QR codes, it says so; typing the code in the check-in box always works.
 */
export function QrScanDialog({
  open,
  onOpenChange,
  onCode,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCode: (code: string) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Scan member card"
      description="Hold the QR code on the member's card up to the camera."
      footer={
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Close
        </Button>
      }
    >
      {open && <Scanner onCode={onCode} />}
    </Dialog>
  );
}

function Scanner({ onCode }: { onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<ScanState>({ kind: 'starting' });
  const [attempt, setAttempt] = useState(0);
  const handed = useRef(onCode);
  useEffect(() => {
    handed.current = onCode;
  });

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => stream?.getTracks().forEach((t) => t.stop());

    async function start() {
      if (!window.isSecureContext || !navigator.mediaDevices?.getUserMedia) {
        setState({
          kind: 'unsupported',
          message:
            'The camera can be used only on a secure (https) address in a current browser. Type the code printed under the QR code instead.',
        });
        return;
      }
      const decode = await makeDecoder();
      if (!decode) {
        setState({
          kind: 'unsupported',
          message:
            'This browser cannot read QR codes. Use a current Chrome, Edge or Safari, or type the code printed under the QR code (MEM-00042) in the check-in box.',
        });
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
          audio: false,
        });
      } catch (error) {
        if (!stopped) setState({ kind: 'blocked', message: cameraProblem(error) });
        return;
      }
      if (stopped || !video.current) return stop();
      video.current.srcObject = stream;
      try {
        await video.current.play();
      } catch {
        // autoplay of a muted, inline video is allowed; a failure shows as a still frame
      }
      setState({ kind: 'scanning' });

      const tick = async () => {
        if (stopped || !video.current) return;
        let text: string | null = null;
        try {
          text = await decode(video.current);
        } catch {
          text = null;
        }
        if (stopped) return;
        const code = text ? memberCodeIn(text) : null;
        if (code) {
          stop();
          stopped = true;
          handed.current(code);
          return;
        }
        if (text) setState({ kind: 'scanning', note: 'That QR code is not an Arena member card.' });
        timer = setTimeout(() => void tick(), 200);
      };
      void tick();
    }

    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stop();
    };
  }, [attempt]);

  if (state.kind === 'unsupported' || state.kind === 'blocked')
    return (
      <div className="space-y-3">
        <div className="flex flex-col items-center gap-3 rounded-lg bg-subtle px-4 py-8 text-center">
          <CameraOff size={28} className="text-muted" aria-hidden />
          <p className="max-w-sm text-sm">{state.message}</p>
          {state.kind === 'blocked' && (
            <Button variant="secondary" size="sm" onClick={() => setAttempt((a) => a + 1)}>
              <Camera size={14} aria-hidden /> Try again
            </Button>
          )}
        </div>
        <p className="text-xs text-muted">A USB or Bluetooth card scanner needs no camera: it types the code into the check-in box.</p>
      </div>
    );

  return (
    <div className="space-y-3">
      <div className="relative mx-auto aspect-[4/3] w-full max-w-md overflow-hidden rounded-lg bg-black">
        <video ref={video} muted playsInline aria-label="Camera view" className="h-full w-full object-cover" />
        <div aria-hidden className="pointer-events-none absolute inset-0 flex items-center justify-center">
          <div className="aspect-square w-1/2 rounded-xl border-4 border-white/80 shadow-[0_0_0_9999px_rgba(0,0,0,0.35)]" />
        </div>
        {state.kind === 'starting' && <p className="absolute inset-x-0 bottom-3 text-center text-sm text-white">Starting the camera…</p>}
      </div>
      <div aria-live="polite">
        {state.kind === 'scanning' && state.note ? (
          <Alert tone="warning">{state.note}</Alert>
        ) : (
          <p className="text-center text-sm text-muted">{state.kind === 'scanning' ? 'Looking for a QR code…' : ''}</p>
        )}
      </div>
    </div>
  );
}
