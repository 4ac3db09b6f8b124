/* global window, document */
// Stub of page analytics: records the ids gtag('config', id) was called with before it loaded.
(function () {
  var rec = (window.__stubs = window.__stubs || {});
  var configs = [];
  (window.dataLayer || []).forEach(function (d) {
    if (d && d[0] === 'config') configs.push(d[1]);
  });
  rec.pageAnalytics = { id: new URL(document.currentScript.src).searchParams.get('id'), configs: configs };
})();
