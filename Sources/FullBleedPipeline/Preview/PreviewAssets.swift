/// The preview page's inline stylesheet and script (no external resources: the page works offline and
/// from `file://`). CSS px on the device frames stand for points.
enum PreviewAssets {
    /// Content-Security-Policy of the page: nothing but same-folder images, inline style and the inline
    /// script; no network, no frames, no fonts.
    static let contentSecurityPolicy =
        "default-src 'none'; img-src 'self' file: data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'"

    static let stylesheet = """
    :root { color-scheme: dark; --bg: #0e0f12; --panel: #17191e; --line: #2a2d35; --text: #e8e9ec; --dim: #9a9eaa;
      --ok: #4cd17b; --bad: #ff6b5e; --accent: #7aa7ff;
      font-family: -apple-system, BlinkMacSystemFont, "SF Pro Text", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
    * { box-sizing: border-box; }
    body { margin: 0; background: var(--bg); color: var(--text); font-size: 14px; line-height: 1.45; }
    header.page { position: sticky; top: 0; z-index: 10; display: flex; flex-wrap: wrap; gap: 8px 24px; align-items: baseline;
      padding: 14px 28px; background: rgba(14,15,18,.92); border-bottom: 1px solid var(--line); }
    header.page h1 { font-size: 18px; margin: 0; font-weight: 650; }
    header.page .meta { color: var(--dim); }
    header.page .controls { margin-left: auto; display: flex; gap: 16px; color: var(--dim); }
    header.page label { cursor: pointer; user-select: none; }
    main { padding: 8px 28px 48px; }
    section.asset { border-bottom: 1px solid var(--line); padding: 24px 0 32px; }
    section.asset > h2 { font-size: 17px; margin: 0 0 2px; font-weight: 650; word-break: break-all; }
    .subtitle { color: var(--dim); margin: 0 0 16px; }
    .warnings { color: #ffcc66; margin: 0 0 16px; padding-left: 18px; }
    .review { color: #ffb340; margin: 0 0 16px; padding-left: 18px; font-weight: 600; }
    .review-mark, .reviewed-mark { display: inline-block; white-space: nowrap; font-size: 12px; font-weight: 600; padding: 1px 8px; border-radius: 9px; vertical-align: 2px; }
    .review-mark { background: #ffb340; color: #000; } .reviewed-mark { background: var(--ok); color: #000; }
    section.review-summary { border: 1px solid #ffb340; border-radius: 10px; padding: 12px 18px; margin: 16px 0 8px; overflow-wrap: anywhere; }
    section.review-summary h2 { font-size: 16px; margin: 0 0 6px; color: #ffb340; }
    section.review-summary ul { margin: 0; padding-left: 18px; } section.review-summary a { color: var(--accent); }
    .skipped { color: #ff8a80; margin: 0 0 12px; font-weight: 600; }
    .subtitle, .legend, figcaption { overflow-wrap: anywhere; }
    .targets { display: flex; flex-wrap: wrap; gap: 28px; align-items: flex-start; }
    .targets > * { min-width: 0; max-width: 100%; }
    .target { display: flex; flex-wrap: wrap; gap: 20px; align-items: flex-start; background: var(--panel);
      border: 1px solid var(--line); border-radius: 14px; padding: 18px; }
    .target > div { min-width: 0; max-width: 100%; overflow-x: auto; }
    .target h3 { font-size: 15px; margin: 0 0 10px; font-weight: 600; }
    figure { margin: 0; }
    figcaption { color: var(--dim); font-size: 12px; margin-top: 8px; max-width: 100%; }
    .frame { max-width: 100%; }
    .frame figcaption { padding: 0 4px; }
    .fit { position: relative; width: 100%; container-type: inline-size; }
    .fit > .device { position: absolute; left: 0; top: 0; transform-origin: 0 0;
      transform: scale(min(1, tan(atan2(100cqw, var(--w))))); }
    .source-panel { width: 340px; max-width: 100%; }
    .source { position: relative; width: 100%; background: #22252c; border-radius: 6px; overflow: hidden; }
    .source img { position: absolute; inset: 0; width: 100%; height: 100%; display: block; }
    .source.missing { display: flex; align-items: center; justify-content: center; color: var(--dim); border: 1px dashed var(--line); }
    .crop { position: absolute; border: 2px solid var(--c); box-shadow: 0 0 0 1px rgba(0,0,0,.5); }
    .crop-label { position: absolute; height: 14px; line-height: 14px; max-width: 100%; background: var(--c); color: #000; font-size: 10px;
      padding: 0 4px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; box-shadow: 0 0 0 1px rgba(0,0,0,.5); }
    .c0 { --c: #ffd60a; } .c1 { --c: #64d2ff; } .c2 { --c: #ff9f0a; } .c3 { --c: #bf5af2; } .c4 { --c: #30d158; } .c5 { --c: #ff375f; }
    .band { position: absolute; pointer-events: none; border-bottom: 1px solid var(--c);
      background: repeating-linear-gradient(135deg, var(--c) 0 2px, transparent 2px 7px); opacity: .6; }
    .subject { position: absolute; border: 2px dashed var(--s); box-shadow: 0 0 0 1px rgba(0,0,0,.55); pointer-events: none; }
    .subject span { position: absolute; left: 0; bottom: 0; max-width: 100%; height: 13px; line-height: 13px; padding: 0 3px; font-size: 9px;
      background: var(--s); color: #000; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
    .subject-face { --s: #ff2d92; } .subject-salient { --s: #ffffff; } .subject-sidecar { --s: #a0e85b; } .subject-other { --s: #c7c7cc; }
    .legend li.key::before { border: 2px dashed var(--s); background: none; width: 8px; height: 8px; }
    .legend li.band-key::before { border: 0; width: 10px; height: 10px; background: repeating-linear-gradient(135deg, #e8e9ec 0 2px, transparent 2px 5px); }
    .legend { list-style: none; padding: 0; margin: 8px 0 0; font-size: 12px; color: var(--dim); }
    .legend li::before { content: ""; display: inline-block; width: 10px; height: 10px; margin-right: 6px; background: var(--c); border-radius: 2px; }
    table.numbers { border-collapse: collapse; font-size: 13px; min-width: min(300px, 100%); max-width: 460px; }
    table.numbers th { text-align: left; color: var(--dim); font-weight: 500; padding: 3px 14px 3px 0; vertical-align: top; white-space: nowrap; }
    table.numbers td { padding: 3px 0; font-variant-numeric: tabular-nums; }
    table.regions { border-collapse: collapse; font-size: 12px; margin-top: 12px; font-variant-numeric: tabular-nums; }
    table.regions th, table.regions td { padding: 2px 10px 2px 0; text-align: right; }
    table.regions th { color: var(--dim); font-weight: 500; }
    table.regions td:first-child, table.regions th:first-child { text-align: left; }
    .pass { color: var(--ok); } .fail { color: var(--bad); }
    .badge { display: inline-block; border-radius: 6px; padding: 0 6px; font-size: 12px; border: 1px solid currentColor; }
    .device { background: #000; border-radius: 44px; padding: 12px; box-shadow: 0 0 0 2px #3a3d45, 0 12px 40px rgba(0,0,0,.5); }
    .device.ipad { border-radius: 28px; padding: 14px; }
    .screen { position: relative; overflow: hidden; border-radius: 34px; background: #101114; }
    .ipad .screen { border-radius: 16px; }
    .hero { position: absolute; left: 0; top: 0; overflow: hidden; }
    .hero img { position: absolute; left: 0; top: 0; width: 100%; height: 100%; object-fit: cover; display: block; }
    .hero img.baked, .page-hero img.baked { display: none; }
    body.baked .hero img.baked, body.baked .page-hero img.baked { display: block; }
    body.baked .scrim, body.no-scrim .scrim { display: none; }
    .scrim { position: absolute; left: 0; right: 0; pointer-events: none; }
    .region { position: absolute; outline: 1px dashed rgba(255,214,10,.9); display: none; pointer-events: none; }
    body.regions .region { display: block; }
    .toolbar { position: absolute; left: 0; top: 0; pointer-events: none; }
    .glyphs-white { color: #fff; } .glyphs-black { color: #000; }
    .status { position: absolute; display: flex; align-items: center; justify-content: space-between; font-weight: 600; font-size: 16px; padding: 0 18px; }
    .status .icons { display: flex; gap: 6px; align-items: center; }
    .status-trailing { justify-content: flex-end; }
    .battery { width: 25px; height: 12px; border: 1.5px solid currentColor; border-radius: 4px; padding: 1.5px; opacity: .9; }
    .battery i { display: block; width: 75%; height: 100%; background: currentColor; border-radius: 1.5px; }
    .glass { position: absolute; display: flex; align-items: center; justify-content: center; border-radius: 999px;
      -webkit-backdrop-filter: blur(10px) saturate(1.6); backdrop-filter: blur(10px) saturate(1.6);
      box-shadow: inset 0 0 0 .5px rgba(255,255,255,.45), 0 2px 10px rgba(0,0,0,.12); }
    .glyphs-white .glass { background: rgba(30,30,34,.26); }
    .glyphs-black .glass { background: rgba(255,255,255,.42); }
    .glass svg { width: 22px; height: 22px; fill: none; stroke: currentColor; stroke-width: 2.2; stroke-linecap: round; stroke-linejoin: round; }
    .nav-title { position: absolute; display: flex; align-items: center; justify-content: center; font-weight: 600; font-size: 17px;
      overflow: hidden; }
    .nav-title span { min-width: 0; max-width: 100%; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
    .content { position: absolute; left: 0; right: 0; bottom: 0; padding: 18px 20px; color: #e8e9ec; }
    .content .title { font-size: 28px; font-weight: 700; margin-bottom: 10px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
    .content .line { height: 10px; border-radius: 5px; background: #2b2e36; margin: 9px 0; }
    .sidebar { position: absolute; border-radius: 18px; padding: 14px 10px; overflow: hidden; color: #fff;
      background: rgba(40,42,48,.38); -webkit-backdrop-filter: blur(18px) saturate(1.5); backdrop-filter: blur(18px) saturate(1.5);
      box-shadow: inset 0 0 0 .5px rgba(255,255,255,.35), 0 6px 24px rgba(0,0,0,.35); }
    .sidebar .row { height: 10px; border-radius: 5px; background: rgba(255,255,255,.55); margin: 0 4px 16px; }
    .sidebar .row.selected { background: rgba(122,167,255,.9); }
    .original-edge { position: absolute; border-left: 1px dashed rgba(255,214,10,.9); border-right: 1px dashed rgba(255,214,10,.9); display: none; }
    body.regions .original-edge { display: block; }
    .browser { background: #23262d; border-radius: 10px; overflow: hidden; box-shadow: 0 0 0 1px #3a3d45; }
    .browser .chrome { height: 26px; display: flex; gap: 6px; align-items: center; padding: 0 10px; }
    .browser .chrome i { width: 10px; height: 10px; border-radius: 50%; background: #4a4e58; }
    .browser .page-hero { position: relative; overflow: hidden; width: 100%; }
    .browser .page-hero img { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: cover; display: block; }
    .text-box { position: absolute; outline: 1px dashed rgba(255,214,10,.9); pointer-events: none; }
    .text-box span { position: absolute; left: 0; bottom: 100%; font-size: 10px; line-height: 14px; padding: 0 4px; color: #000; background: rgba(255,214,10,.9); }
    .failures { margin-top: 28px; }
    @media (max-width: 640px) {
      header.page { padding: 10px 12px; }
      main { padding: 4px 12px 32px; }
      .target { padding: 12px; gap: 14px; }
    }
    .failures td { padding: 3px 16px 3px 0; vertical-align: top; }
    """

    /// Collects script errors, `console.error` calls and images that failed to load; on `load` checks that
    /// every `<img>` is complete with a natural width and writes the result into `<body>`:
    /// `data-preview-status` ("ok" or "errors"), `data-preview-images`, `data-preview-loaded`,
    /// `data-preview-viewport-width` and `data-preview-scroll-width` (CSS px: equal when nothing overflows
    /// horizontally), `data-preview-label-overlaps` (pairs of intersecting crop labels),
    /// `data-preview-clipped-frames` (device frames wider than their column), `data-preview-smallest-caption`
    /// (smallest rendered caption, CSS px) and, on failure,
    /// `data-preview-errors`. Also wires the display toggles.
    static let script = """
    (function () {
      var problems = [];
      window.addEventListener('error', function (event) {
        var t = event.target;
        if (t && t.tagName === 'IMG') { problems.push('image failed: ' + t.getAttribute('src')); }
        else { problems.push('script error: ' + (event.message || 'unknown')); }
      }, true);
      window.addEventListener('unhandledrejection', function (event) { problems.push('unhandled rejection: ' + event.reason); });
      var consoleError = console.error;
      console.error = function () {
        problems.push('console.error: ' + Array.prototype.join.call(arguments, ' '));
        return consoleError.apply(console, arguments);
      };
      document.addEventListener('securitypolicyviolation', function (event) {
        problems.push('blocked by the content security policy: ' + event.blockedURI);
      });
      // Pairs of crop labels on the same source whose boxes intersect (0 when they never overlap).
      function overlappingLabels() {
        var count = 0, sources = document.querySelectorAll('.source');
        for (var s = 0; s < sources.length; s++) {
          var labels = sources[s].querySelectorAll('.crop-label');
          for (var i = 0; i < labels.length; i++) {
            for (var j = i + 1; j < labels.length; j++) {
              var a = labels[i].getBoundingClientRect(), b = labels[j].getBoundingClientRect();
              if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) { count++; }
            }
          }
        }
        return count;
      }
      // Device frames drawn wider than their fitted box (0 when every frame scaled to its column).
      function clippedFrames() {
        var count = 0, fits = document.querySelectorAll('.fit');
        for (var i = 0; i < fits.length; i++) {
          var device = fits[i].firstElementChild;
          if (device && device.getBoundingClientRect().width > fits[i].getBoundingClientRect().width + 0.5) { count++; }
        }
        return count;
      }
      // The smallest rendered caption font size, CSS px: the computed size times any scale on the way.
      function smallestCaption() {
        var smallest = 0, captions = document.querySelectorAll('figcaption');
        for (var i = 0; i < captions.length; i++) {
          var c = captions[i];
          if (c.offsetWidth === 0) { continue; }
          var size = parseFloat(getComputedStyle(c).fontSize) * c.getBoundingClientRect().width / c.offsetWidth;
          smallest = smallest === 0 ? size : Math.min(smallest, size);
        }
        return smallest;
      }
      window.addEventListener('load', function () {
        var images = document.images, loaded = 0;
        for (var i = 0; i < images.length; i++) {
          var image = images[i];
          if (image.complete && image.naturalWidth > 0) { loaded++; }
          else { problems.push('image not loaded: ' + image.getAttribute('src')); }
        }
        var body = document.body;
        body.setAttribute('data-preview-images', String(images.length));
        body.setAttribute('data-preview-loaded', String(loaded));
        body.setAttribute('data-preview-viewport-width', String(window.innerWidth));
        body.setAttribute('data-preview-scroll-width', String(document.documentElement.scrollWidth));
        body.setAttribute('data-preview-label-overlaps', String(overlappingLabels()));
        body.setAttribute('data-preview-clipped-frames', String(clippedFrames()));
        body.setAttribute('data-preview-smallest-caption', smallestCaption().toFixed(1));
        if (problems.length > 0) { body.setAttribute('data-preview-errors', problems.join(' | ')); }
        body.setAttribute('data-preview-status', problems.length === 0 ? 'ok' : 'errors');
      });
      document.addEventListener('DOMContentLoaded', function () {
        var toggles = document.querySelectorAll('input[data-body-class]');
        for (var i = 0; i < toggles.length; i++) {
          var toggle = toggles[i];
          var apply = function (input) {
            var name = input.getAttribute('data-body-class');
            var on = input.getAttribute('data-when') === 'checked' ? input.checked : !input.checked;
            document.body.classList.toggle(name, on);
          };
          apply(toggle);
          toggle.addEventListener('change', function (event) { apply(event.target); });
        }
      });
    })();
    """
}
