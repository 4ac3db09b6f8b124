/* global window */
// Stub of the session recorder: records the settings (site id, snippet version) it found.
(function () {
  var rec = (window.__stubs = window.__stubs || {});
  rec.sessionRecorder = { settings: window._hjSettings, hasQueue: typeof window.hj === 'function' };
})();
