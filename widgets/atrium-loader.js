/* atrium.js — the classic-script way to load the kit, for pages without a bundler or modules.
   It defines window.Atrium at once (configure() calls are queued) and imports the ES module kit
   from beside itself, so shared chunks and the lazily loaded video engine work as with modules. */
(function () {
  var script = document.currentScript;
  var base = script && script.src ? script.src.replace(/[^/?#]*([?#].*)?$/, '') : '/widgets/';
  if (!window.Atrium) {
    var queue = [];
    window.Atrium = {
      configure: function (options) {
        queue.push(options);
      },
      setToken: function (token, expiresIn) {
        queue.push(expiresIn ? { token: token, expiresIn: expiresIn } : { token: token });
      },
      __queue: queue,
    };
  }
  import(base + 'atrium-kit.js').catch(function (error) {
    console.error('[atrium] could not load the widget kit from ' + base, error);
  });
})();
