import { ICON_PATH, SCRIPT_PATH, STYLESHEET_PATH } from './assets.ts';
import { type Html, html } from './html.ts';

/** What a page is made of. */
export interface LayoutInput {
  /** The document title. */
  readonly title: string;
  /** The page content (inside `<main>`). */
  readonly body: Html;
  /** Wide layout (the dashboard's tables). */
  readonly wide?: boolean;
  /** The exact origin the page's messages go to when it is framed; no messages without it. */
  readonly targetOrigin?: string | undefined;
  /** The window message to post to the parent once on load (`checkout.completed`, `checkout.cancelled`, `checkout.error`). */
  readonly message?: Readonly<Record<string, unknown>> | undefined;
}

/**
 * The document shell of every hosted page: UTF-8, a mobile viewport, the same-origin stylesheet and
 * script, and the page's message data as attributes of `<main>` (never inline script).
 */
export function layout(input: LayoutInput): Html {
  const message = input.message === undefined ? undefined : JSON.stringify(input.message);
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${input.title}</title>
<link rel="icon" href="${ICON_PATH}" type="image/svg+xml">
<link rel="stylesheet" href="${STYLESHEET_PATH}">
</head>
<body>
<main class="${input.wide === true ? 'page wide' : 'page'}"${
    input.targetOrigin === undefined
      ? ''
      : html` data-glm-target-origin="${input.targetOrigin}"${
          message === undefined ? '' : html` data-glm-message="${message}"`
        }`
  }>
${input.body}
</main>
<script src="${SCRIPT_PATH}" defer></script>
</body>
</html>
`;
}
