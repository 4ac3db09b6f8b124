/* global window */
// Stub of the product tour: replays the queued calls, then counts pageLoad() on route changes.
(function () {
  var rec = (window.__stubs = window.__stubs || {});
  var queued = (window.pendo && window.pendo._q) || [];
  var state = (rec.productTour = { apiKey: null, pageLoads: 0 });
  window.pendo = {
    initialize: function (o) {
      state.apiKey = o && o.apiKey;
    },
    pageLoad: function () {
      state.pageLoads++;
    },
    identify: function () {},
    updateOptions: function () {},
    track: function () {},
  };
  queued.forEach(function (call) {
    window.pendo[call[0]].apply(null, call.slice(1));
  });
})();
