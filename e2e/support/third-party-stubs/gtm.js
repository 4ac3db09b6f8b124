/* global window, document */
// Stub of the tag manager: records the container id it was loaded with and the start event queued.
(function () {
  var rec = (window.__stubs = window.__stubs || {});
  var src = new URL(document.currentScript.src);
  rec.tagManager = {
    id: src.searchParams.get('id'),
    events: (window.dataLayer || []).map(function (d) {
      return d && d.event;
    }),
  };
})();
