/* global window */
// Stub of event analytics: initialises from the snippet's _i queue and records tokens and events.
(function () {
  var rec = (window.__stubs = window.__stubs || {});
  var queued = (window.mixpanel && window.mixpanel._i) || [];
  var state = (rec.eventAnalytics = {
    tokens: queued.map(function (i) {
      return i[0];
    }),
    events: [],
    resets: 0,
  });
  window.mixpanel = {
    track: function (e) {
      state.events.push(e);
    },
    reset: function () {
      state.resets++;
    },
  };
})();
