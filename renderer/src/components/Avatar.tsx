/**
 * An account's or a repository's avatar. A signed-in page carries its token in a header, which an <img> cannot send,
 * so the image is fetched with it and shown from a data: address (a hidden account's upload then shows to those who
 * may see it); a signed-out page uses the address itself. Every write through the API refreshes the cached reads,
 * so a new upload shows at once (the host answers 304 while nothing changed).
 */
import { useAuth } from '../auth.tsx';
import { useLoad } from '../use-load.ts';

/** The path of an avatar address the host handed out (same origin), or '' for none. */
const pathOf = (url: string): string => {
  try {
    return url ? new URL(url, window.location.origin).pathname : '';
  } catch {
    return '';
  }
};

async function dataUrl(path: string, token: string): Promise<string> {
  const res = await fetch(path, { headers: { Authorization: `token ${token}` }, cache: 'no-cache', credentials: 'omit' });
  if (!res.ok) return '';
  const blob = await res.blob();
  return new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => resolve('');
    reader.readAsDataURL(blob);
  });
}

/** The image at `url` (an `avatar_url`), `size` pixels square; nothing when `url` is empty. */
export function Avatar({ url, size = 24, alt = '', className }: { url: string | undefined; size?: number; alt?: string; className?: string }) {
  const { api } = useAuth();
  const token = api.currentToken();
  const path = pathOf(url ?? '');
  const src = useLoad(() => (path && token ? dataUrl(path, token) : Promise.resolve(path)), `avatar|${path}|${token ?? ''}`);
  const cls = `avatar${className ? ` ${className}` : ''}`;
  if (!src.data) return path ? <span className={`${cls} avatar-empty`} style={{ width: size, height: size }} aria-hidden="true" /> : null;
  return <img className={cls} src={src.data} width={size} height={size} alt={alt} />;
}
