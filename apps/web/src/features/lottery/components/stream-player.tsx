import { useEffect, useRef, useState } from 'react';

const HLS_TYPE = 'application/vnd.apple.mpegurl';

/**
 * The draw's video. Safari (and iOS) play HLS natively; elsewhere hls.js is fetched only now,
 * on the live screen of a game that has a stream, so no other page pays for its ~160 kB.
 */
export function StreamPlayer({
  src,
  title,
  failedText,
}: {
  src: string;
  title: string;
  failedText: string;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    const el = video.current;
    if (!el) return;
    let cancelled = false;
    let destroy = () => {};
    const fail = () => {
      if (!cancelled) setFailed(src);
    };
    if (el.canPlayType(HLS_TYPE)) {
      el.src = src;
      el.addEventListener('error', fail);
      destroy = () => el.removeEventListener('error', fail);
    } else {
      import('hls.js')
        .then(({ default: Hls }) => {
          if (cancelled) return;
          if (!Hls.isSupported()) return fail();
          const hls = new Hls({ lowLatencyMode: true, backBufferLength: 30 });
          hls.on(Hls.Events.ERROR, (_event, data) => {
            if (data.fatal) {
              hls.destroy();
              fail();
            }
          });
          hls.loadSource(src);
          hls.attachMedia(el);
          destroy = () => hls.destroy();
        })
        .catch(fail);
    }
    return () => {
      cancelled = true;
      destroy();
      el.removeAttribute('src');
    };
  }, [src]);

  return (
    <figure className="kj-stream">
      <video
        ref={video}
        className="kj-stream__video"
        controls
        autoPlay
        muted
        playsInline
        aria-label={title}
      />
      {failed === src ? (
        <figcaption className="kj-stream__failed" role="status">
          {failedText}
        </figcaption>
      ) : null}
    </figure>
  );
}
