import { Camera, ImagePlus, RefreshCw, Trash2 } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Alert } from './Alert';
import { fieldErrors } from '../lib/errors';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { cameraErrorMessage, fitWithin, photoError, PHOTO_TYPES } from '../lib/camera';
import { PersonAvatar } from './PersonAvatar';

/** The server's refusal of a photo (a 400 on `photo`), or null. */
export const photoRefusal = (error: unknown): string | null => fieldErrors(error).photo ?? null;

/**
 * A person's photo (a member's, a staff member's): a file (PNG, JPEG, GIF or WebP, at most 2 MB) or a frame from the laptop's
 * camera, with a preview and Remove. `value` is the new photo (null: keep `currentUrl`).
 */
export function PhotoField({
  name,
  value,
  currentUrl,
  onChange,
  error,
  onError,
}: {
  /** The person's name, for the initials shown while there is no photo. */
  name: string;
  value: Blob | null;
  currentUrl?: string | null;
  onChange: (photo: Blob | null) => void;
  error?: string | null;
  onError: (message: string | null) => void;
}) {
  const id = useId();
  const [cameraOpen, setCameraOpen] = useState(false);
  const preview = useMemo(() => (value ? URL.createObjectURL(value) : null), [value]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  const shown = preview ?? currentUrl ?? null;

  return (
    <div>
      <span className="mb-1.5 block text-sm font-medium" id={`${id}-label`}>
        Photo
      </span>
      <div className="flex items-center gap-4">
        <PersonAvatar name={name || '?'} photo={shown} size="xl" />
        <div className="flex flex-wrap items-center gap-2">
          <label
            htmlFor={id}
            className="inline-flex h-9 cursor-pointer items-center gap-2 rounded-md border border-line-strong bg-surface px-3 text-sm font-medium shadow-sm hover:bg-subtle focus-within:ring-2 focus-within:ring-accent/40"
          >
            <ImagePlus size={16} aria-hidden /> {shown ? 'Change photo' : 'Upload photo'}
            <input
              id={id}
              type="file"
              accept={PHOTO_TYPES.join(',')}
              className="sr-only"
              aria-describedby={`${id}-hint`}
              onChange={(e) => {
                const picked = e.target.files?.[0] ?? null;
                e.target.value = '';
                if (!picked) return;
                const problem = photoError(picked);
                onError(problem);
                if (!problem) onChange(picked);
              }}
            />
          </label>
          <Button variant="secondary" size="sm" className="h-9" onClick={() => setCameraOpen(true)}>
            <Camera size={16} aria-hidden /> Take photo
          </Button>
          {value && (
            <Button variant="ghost-danger" size="sm" className="h-9" onClick={() => onChange(null)}>
              <Trash2 size={16} aria-hidden /> Remove
            </Button>
          )}
        </div>
      </div>
      <p id={`${id}-hint`} className="mt-2 text-xs text-muted">
        PNG, JPEG, GIF or WebP up to 2 MB, or a picture from the camera.
      </p>
      {error && (
        <p className="mt-1 text-xs font-medium text-danger-text" role="alert">
          {error}
        </p>
      )}
      <CameraDialog
        open={cameraOpen}
        onOpenChange={setCameraOpen}
        onCapture={(blob) => {
          onError(null);
          onChange(blob);
          setCameraOpen(false);
        }}
      />
    </div>
  );
}

/** The camera's live picture, Capture, then Use photo or Retake. The camera is released when the dialog closes. */
function CameraDialog({
  open,
  onOpenChange,
  onCapture,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCapture: (photo: Blob) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Take a photo" description="Ask them to face the camera." size="md">
      {open && <CameraView onCapture={onCapture} onCancel={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function CameraView({ onCapture, onCancel }: { onCapture: (photo: Blob) => void; onCancel: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  const [shot, setShot] = useState<Blob | null>(null);
  const shotUrl = useMemo(() => (shot ? URL.createObjectURL(shot) : null), [shot]);
  useEffect(
    () => () => {
      if (shotUrl) URL.revokeObjectURL(shotUrl);
    },
    [shotUrl],
  );

  useEffect(() => {
    let stream: MediaStream | null = null;
    let cancelled = false;
    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) throw Object.assign(new Error('unsupported'), { name: 'Unsupported' });
      const s = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user', width: { ideal: 1280 } }, audio: false });
      if (cancelled) {
        s.getTracks().forEach((t) => t.stop());
        return;
      }
      stream = s;
      const el = video.current;
      if (el) {
        el.srcObject = s;
        await el.play().catch(() => undefined);
      }
    };
    start().catch((error: unknown) => {
      if (!cancelled) setProblem(cameraErrorMessage(error));
    });
    return () => {
      cancelled = true;
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);

  const capture = () => {
    const el = video.current;
    if (!el || !el.videoWidth) return;
    const size = fitWithin(el.videoWidth, el.videoHeight);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) return setProblem(cameraErrorMessage(null));
    context.drawImage(el, 0, 0, size.width, size.height);
    canvas.toBlob(
      (blob) => {
        if (blob) setShot(new File([blob], 'photo.jpg', { type: 'image/jpeg' }));
        else setProblem(cameraErrorMessage(null));
      },
      'image/jpeg',
      0.85,
    );
  };

  if (problem)
    return (
      <div className="space-y-4">
        <Alert tone="warning">{problem}</Alert>
        <div className="flex justify-end">
          <Button variant="secondary" onClick={onCancel}>
            Close
          </Button>
        </div>
      </div>
    );

  return (
    <div className="space-y-4">
      <div className="relative overflow-hidden rounded-lg bg-black">
        <video
          ref={video}
          playsInline
          muted
          onLoadedData={() => setReady(true)}
          aria-label="Camera preview"
          className={shot ? 'hidden' : 'aspect-video w-full -scale-x-100 object-cover'}
        />
        {shotUrl && <img src={shotUrl} alt="Captured photo" className="aspect-video w-full object-cover" />}
        {!ready && !shot && <p className="absolute inset-0 flex items-center justify-center text-sm text-white/80">Starting the camera…</p>}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        {shot ? (
          <>
            <Button variant="secondary" onClick={() => setShot(null)}>
              <RefreshCw size={16} aria-hidden /> Retake
            </Button>
            <Button onClick={() => onCapture(shot)}>Use photo</Button>
          </>
        ) : (
          <Button onClick={capture} disabled={!ready}>
            <Camera size={16} aria-hidden /> Capture
          </Button>
        )}
      </div>
    </div>
  );
}
