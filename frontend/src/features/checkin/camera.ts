/**
 * The camera's QR reader, started only when the volunteer asks for it: the browser's own
 * BarcodeDetector where it reads QR codes (Chrome on Android), else @zxing/browser, loaded then
 * (Safari, Firefox), so the screen itself carries no decoder.
 */

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface DetectorClass {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
}

const SCAN_EVERY_MS = 200;
const BACK_CAMERA: MediaStreamConstraints = { video: { facingMode: 'environment' }, audio: false };

async function nativeDetector(): Promise<Detector | null> {
  const Native = (window as unknown as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    return (await Native.getSupportedFormats()).includes('qr_code') ? new Native({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
}

/** Shows the back camera in `video` and calls `onCode` with each QR code read; resolves to its stop. */
export async function startCamera(video: HTMLVideoElement, onCode: (text: string) => void): Promise<() => void> {
  const detector = await nativeDetector();
  if (!detector) {
    const { BrowserQRCodeReader } = await import('@zxing/browser');
    const controls = await new BrowserQRCodeReader().decodeFromConstraints(BACK_CAMERA, video, (result) => {
      if (result) onCode(result.getText());
    });
    return () => controls.stop();
  }
  const stream = await navigator.mediaDevices.getUserMedia(BACK_CAMERA);
  video.srcObject = stream;
  await video.play();
  let stopped = false;
  const timer = window.setInterval(() => {
    if (stopped || video.readyState < 2) return;
    detector.detect(video).then(
      (codes) => codes.forEach((code) => onCode(code.rawValue)),
      () => {},
    );
  }, SCAN_EVERY_MS);
  return () => {
    stopped = true;
    window.clearInterval(timer);
    stream.getTracks().forEach((track) => track.stop());
    video.srcObject = null;
  };
}
