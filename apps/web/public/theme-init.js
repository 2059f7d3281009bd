// Sets the colour theme before the first paint so a dark-mode visitor never sees a white flash.
// A file rather than an inline script: the server's CSP allows only script-src 'self'.
(function () {
  var stored = null;
  try {
    stored = window.localStorage.getItem('theme');
  } catch (e) {
    stored = null;
  }
  var dark =
    stored === 'dark' ||
    (stored !== 'light' &&
      window.matchMedia &&
      window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
})();
