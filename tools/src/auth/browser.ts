// Opening a URL in the user's browser, when there is a desktop to open it on: the sign-in page of
// `specbound login`, and the editor, container or web app of `specbound gas open…`.
import { spawn } from 'node:child_process';

/** Whether this looks like a desktop session (not SSH, not a headless Linux box). */
export function hasDesktop(
  env: Record<string, string | undefined>,
  platform: NodeJS.Platform = process.platform,
) {
  if (env.SSH_CONNECTION || env.SSH_TTY) return false;
  if (platform === 'darwin' || platform === 'win32') return true;
  return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}

/** The command that opens a URL on this platform (no shell: the URL's `&` stay literal). */
export function openCommand(url: string, platform: NodeJS.Platform = process.platform): [string, string[]] {
  if (platform === 'darwin') return ['open', [url]];
  // `start` is a cmd.exe builtin that splits on `&`; the URL handler takes the URL as one argument.
  if (platform === 'win32') return ['rundll32', ['url.dll,FileProtocolHandler', url]];
  return ['xdg-open', [url]];
}

/** Starts the browser on `url`; resolves to false when that was not possible (the URL is printed anyway). */
export function openBrowser(url: string, platform: NodeJS.Platform = process.platform): Promise<boolean> {
  const [command, args] = openCommand(url, platform);
  return new Promise((resolve) => {
    try {
      const child = spawn(command, args, { stdio: 'ignore', detached: true });
      child.once('error', () => resolve(false));
      child.once('spawn', () => {
        child.unref();
        resolve(true);
      });
    } catch {
      resolve(false);
    }
  });
}
