// The offline page's behaviour (no inline script: the console's CSP forbids it). Shows the text in
// the user's language, retries on request, and goes back to where the user was as soon as the
// platform answers again.
(() => {
  const lang = /(?:^|;\s*)language=en(?:;|$)/.test(document.cookie) ? 'en' : 'zh';
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  for (const el of document.querySelectorAll('[data-lang]')) el.hidden = el.getAttribute('data-lang') !== lang;
  const probe = new URL('jwt/captcha', location.origin + '/').href;
  const retry = async () => {
    try {
      const answer = await fetch(probe, { cache: 'no-store' });
      if (answer.ok) location.reload();
    } catch {
      /* still unreachable */
    }
  };
  document.getElementById('retry').addEventListener('click', () => void retry());
  addEventListener('online', () => void retry());
  setInterval(() => void retry(), 3000);
})();
