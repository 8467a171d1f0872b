import FullBleedPipeline

/// The review page: the preview's stylesheet and per-asset sections (fetched as JSON), with an editor over
/// each source thumbnail (drag or resize the subject box, or click a focus point), a glyph tone choice
/// (recommended, white or black), "Save", "Looks right" and "Use detection". Every fetch carries the token
/// from the page's address in the `X-FullBleed-Token` header, every image URL in its query. After a save the asset's section is replaced in place; the page
/// also follows rebuilds started by changes on disk (it polls `/api/state`).
enum ReviewPage {
    /// Inline style and script only; images and fetches from this origin; no frames, forms or base URL.
    static let contentSecurityPolicy =
        "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    static let stylesheet = """
    .review-bar { display: flex; flex-wrap: wrap; gap: 8px 14px; align-items: center; margin: 0 0 10px; }
    .review-bar h2 { font-size: 17px; margin: 0; font-weight: 650; word-break: break-all; }
    .review-bar .tools { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
    .review-bar button { font: inherit; color: var(--text); background: #2a2f3a; border: 1px solid #3a404d; border-radius: 8px; padding: 5px 12px; cursor: pointer; }
    .review-bar button.primary { background: #2d5bd1; border-color: #4a78ee; }
    .review-bar button:disabled { opacity: .5; cursor: default; }
    .review-bar label { color: var(--dim); cursor: pointer; user-select: none; }
    .review-bar select { font: inherit; color: var(--text); background: #2a2f3a; border: 1px solid #3a404d; border-radius: 8px; padding: 4px 6px; }
    .needs-look { color: #ffcc66; margin: 0 0 10px; padding-left: 18px; }
    .state { font-size: 12px; border-radius: 6px; padding: 1px 8px; border: 1px solid currentColor; }
    .state.look { color: #ffcc66; } .state.reviewed { color: var(--ok); } .state.fine { color: var(--dim); }
    .message { color: var(--dim); font-size: 13px; overflow-wrap: anywhere; }
    .message.error { color: var(--bad); }
    .review-card .source { touch-action: none; cursor: crosshair; }
    .edit-box { position: absolute; border: 2px solid #a0e85b; background: rgba(160,232,91,.12); cursor: move; z-index: 3;
      box-shadow: 0 0 0 1px rgba(0,0,0,.6); }
    .edit-box i { position: absolute; width: 14px; height: 14px; background: #a0e85b; border: 1px solid #000; border-radius: 3px; }
    .edit-box i.nw { left: -8px; top: -8px; cursor: nwse-resize; } .edit-box i.ne { right: -8px; top: -8px; cursor: nesw-resize; }
    .edit-box i.sw { left: -8px; bottom: -8px; cursor: nesw-resize; } .edit-box i.se { right: -8px; bottom: -8px; cursor: nwse-resize; }
    .edit-focus { position: absolute; width: 18px; height: 18px; margin: -9px 0 0 -9px; border-radius: 50%; border: 3px solid #a0e85b;
      box-shadow: 0 0 0 1px #000; z-index: 3; pointer-events: none; }
    .review-card[data-mode="subject"] .edit-focus, .review-card[data-mode="focus"] .edit-box { display: none; }
    header.page .status-line { color: var(--dim); }
    header.page { background: var(--bg); }
    """

    static let script = """
    (function () {
      var token = new URLSearchParams(location.search).get('token') || '';
      var generation = -1, cards = {};
      function api(path, body) {
        var init = { method: body ? 'POST' : 'GET', headers: { 'X-FullBleed-Token': token } };
        if (body) { init.headers['Content-Type'] = 'application/json'; init.body = JSON.stringify(body); }
        return fetch(path, init).then(function (r) {
          return r.json().then(function (j) { j.httpStatus = r.status; return j; });
        });
      }
      function clamp(v, lo, hi) { return Math.max(lo, Math.min(hi, v)); }
      function el(tag, cls, text) { var e = document.createElement(tag); if (cls) { e.className = cls; } if (text != null) { e.textContent = text; } return e; }
      function tokenImages(root) {
        var images = root.querySelectorAll('img');
        for (var i = 0; i < images.length; i++) {
          var src = images[i].getAttribute('src');
          if (src && src.indexOf('files/') === 0) { images[i].setAttribute('src', src + '?token=' + encodeURIComponent(token) + '&v=' + generation); }
        }
      }
      function stateBadge(asset) {
        var side = asset.sidecar || {};
        if (side.reviewed) { return el('span', 'state reviewed', 'reviewed: looks right'); }
        if ((asset.reasons || []).length) { return el('span', 'state look', 'needs a look'); }
        return el('span', 'state fine', side.reviewedStale ? 'photo changed since it was reviewed' : 'not reviewed');
      }
      function render(asset) {
        var card = cards[asset.key];
        if (!card) {
          card = { node: el('section', 'asset review-card'), dirty: false };
          card.node.setAttribute('data-key', asset.key);
          cards[asset.key] = card;
        }
        card.asset = asset;
        var side = asset.sidecar || {};
        if (!card.dirty) {
          var box = side.subject || asset.subjectBox || { x: 0.3, y: 0.3, width: 0.4, height: 0.4 };
          card.box = { x: box.x, y: box.y, width: box.width, height: box.height };
          card.focus = side.focus ? [side.focus[0], side.focus[1]] : [card.box.x + card.box.width / 2, card.box.y + card.box.height / 2];
          card.mode = side.focus ? 'focus' : 'subject';
        }
        if (!card.toneDirty) { card.glyphs = side.glyphs || ''; }
        var node = card.node;
        node.innerHTML = '';
        node.setAttribute('data-mode', card.mode);
        node.setAttribute('data-reviewed', side.reviewed ? 'true' : 'false');
        var bar = el('div', 'review-bar');
        bar.appendChild(el('h2', null, asset.key));
        bar.appendChild(stateBadge(asset));
        var tools = el('span', 'tools');
        ['subject', 'focus'].forEach(function (mode) {
          var label = el('label'), input = el('input');
          input.type = 'radio'; input.name = 'mode-' + asset.key; input.value = mode; input.checked = card.mode === mode;
          input.addEventListener('change', function () { card.mode = mode; card.dirty = true; node.setAttribute('data-mode', mode); });
          label.appendChild(input); label.appendChild(document.createTextNode(mode === 'subject' ? ' Subject box' : ' Focus point'));
          tools.appendChild(label);
        });
        // The toolbar glyph tone: the recommendation (named), or white or black chosen here.
        var toneLabel = el('label', null, 'Glyphs '), tone = el('select', 'glyphs');
        var recommended = (asset.recommendedGlyphs || []).join(' / ');
        [['', 'recommended' + (recommended ? ' (' + recommended + ')' : '')], ['white', 'white'], ['black', 'black']].forEach(function (o) {
          var option = el('option', null, o[1]); option.value = o[0]; tone.appendChild(option);
        });
        tone.value = card.glyphs;
        tone.addEventListener('change', function () { card.glyphs = tone.value; card.toneDirty = true; });
        toneLabel.appendChild(tone);
        tools.appendChild(toneLabel);
        var save = el('button', 'primary save', 'Save'), right = el('button', 'looks-right', 'Looks right'), detect = el('button', 'detect', 'Use detection');
        save.addEventListener('click', function () {
          var b = card.box, body = { key: asset.key, glyphs: card.glyphs || 'recommended' };
          // A tone changed alone leaves the crop as it is; otherwise the box (or focus point) is saved with it.
          if (card.dirty || !card.toneDirty) {
            if (card.mode === 'focus') { body.focus = card.focus; } else { body.subject = { x: b.x, y: b.y, width: b.width, height: b.height }; }
          }
          send(card, body);
        });
        // "Looks right" confirms the hero as it is built: with a box, focus point or tone not yet saved it
        // would confirm what the person did not mean, so it asks for the save first and writes nothing.
        right.addEventListener('click', function () {
          if (card.dirty || card.toneDirty) { note(card, 'unsaved changes: Save them first (“Looks right” confirms the hero as it is built)', true); return; }
          send(card, { key: asset.key, reviewed: true });
        });
        detect.addEventListener('click', function () { send(card, { key: asset.key, detect: true }); });
        tools.appendChild(save); tools.appendChild(right); tools.appendChild(detect);
        bar.appendChild(tools);
        card.message = el('span', 'message', card.note || '');
        if (card.noteIsError) { card.message.className = 'message error'; }
        bar.appendChild(card.message);
        node.appendChild(bar);
        if ((asset.reasons || []).length) {
          var list = el('ul', 'needs-look');
          asset.reasons.forEach(function (r) { list.appendChild(el('li', null, r)); });
          node.appendChild(list);
        }
        if (side.error) { node.appendChild(el('p', 'message error', side.file + ': ' + side.error)); }
        var fragment = el('div', 'fragment');
        fragment.innerHTML = asset.html;
        var inner = fragment.querySelector('section.asset');
        if (inner) {
          // The card's own list above gives the reasons: the preview section's copy of them goes.
          var h = inner.querySelector('h2'); if (h) { h.remove(); }
          var reasons = inner.querySelector('ul.review'); if (reasons) { reasons.remove(); }
          inner.className = 'asset-body';
        }
        tokenImages(fragment);
        node.appendChild(fragment);
        attachEditor(card);
        return node;
      }
      function draw(card) {
        var b = card.box;
        card.boxNode.style.left = (b.x * 100) + '%'; card.boxNode.style.top = (b.y * 100) + '%';
        card.boxNode.style.width = (b.width * 100) + '%'; card.boxNode.style.height = (b.height * 100) + '%';
        card.focusNode.style.left = (card.focus[0] * 100) + '%'; card.focusNode.style.top = (card.focus[1] * 100) + '%';
      }
      function attachEditor(card) {
        var source = card.node.querySelector('.source');
        if (!source) { return; }
        card.boxNode = el('div', 'edit-box');
        ['nw', 'ne', 'sw', 'se'].forEach(function (h) { var i = el('i', h); i.setAttribute('data-handle', h); card.boxNode.appendChild(i); });
        card.focusNode = el('div', 'edit-focus');
        source.appendChild(card.boxNode); source.appendChild(card.focusNode);
        draw(card);
        var drag = null, minimum = 0.02;
        function point(event) {
          var r = source.getBoundingClientRect();
          return { x: clamp((event.clientX - r.left) / r.width, 0, 1), y: clamp((event.clientY - r.top) / r.height, 0, 1) };
        }
        source.addEventListener('pointerdown', function (event) {
          var p = point(event);
          event.preventDefault();
          card.dirty = true;
          if (card.mode === 'focus') { card.focus = [p.x, p.y]; draw(card); return; }
          var handle = event.target.getAttribute('data-handle') || (card.boxNode.contains(event.target) ? 'move' : 'draw');
          drag = { handle: handle, start: p, box: { x: card.box.x, y: card.box.y, width: card.box.width, height: card.box.height } };
          source.setPointerCapture(event.pointerId);
        });
        source.addEventListener('pointermove', function (event) {
          if (!drag) { return; }
          var p = point(event), b = drag.box, dx = p.x - drag.start.x, dy = p.y - drag.start.y;
          var left = b.x, top = b.y, right = b.x + b.width, bottom = b.y + b.height;
          if (drag.handle === 'move') {
            left = clamp(b.x + dx, 0, 1 - b.width); top = clamp(b.y + dy, 0, 1 - b.height);
            right = left + b.width; bottom = top + b.height;
          } else if (drag.handle === 'draw') {
            left = Math.min(drag.start.x, p.x); right = Math.max(drag.start.x, p.x);
            top = Math.min(drag.start.y, p.y); bottom = Math.max(drag.start.y, p.y);
          } else {
            if (drag.handle.indexOf('w') >= 0) { left = clamp(b.x + dx, 0, right - minimum); }
            if (drag.handle.indexOf('e') >= 0) { right = clamp(right + dx, left + minimum, 1); }
            if (drag.handle.indexOf('n') >= 0) { top = clamp(b.y + dy, 0, bottom - minimum); }
            if (drag.handle.indexOf('s') >= 0) { bottom = clamp(bottom + dy, top + minimum, 1); }
          }
          card.box = { x: left, y: top, width: Math.max(minimum, right - left), height: Math.max(minimum, bottom - top) };
          draw(card);
        });
        function end() { drag = null; }
        source.addEventListener('pointerup', end);
        source.addEventListener('pointercancel', end);
      }
      function note(card, text, isError) {
        card.note = text; card.noteIsError = !!isError;
        if (card.message) { card.message.textContent = text; card.message.className = isError ? 'message error' : 'message'; }
      }
      function send(card, body) {
        var buttons = card.node.querySelectorAll('button');
        for (var i = 0; i < buttons.length; i++) { buttons[i].disabled = true; }
        note(card, 'saving and rebuilding…');
        document.body.setAttribute('data-review-busy', 'true');
        api('/api/save', body).then(function (answer) {
          if (answer.httpStatus !== 200) { note(card, answer.error || ('error ' + answer.httpStatus), true); }
          else {
            if (answer.generation != null) { generation = answer.generation; }
            card.dirty = false; card.toneDirty = false;
            if (answer.asset) {
              card.note = answer.error ? answer.error : ('saved; rebuilt in ' + answer.seconds.toFixed(2) + ' s');
              card.noteIsError = !!answer.error;
              render(answer.asset);
              updateStatus();
            } else { note(card, answer.error || 'saved', !!answer.error); }
          }
        }, function (error) { note(card, 'the server did not answer: ' + error, true); }).then(function () {
          var buttons = card.node.querySelectorAll('button');
          for (var i = 0; i < buttons.length; i++) { buttons[i].disabled = false; }
          document.body.setAttribute('data-review-saves', String(Number(document.body.getAttribute('data-review-saves') || 0) + 1));
          document.body.removeAttribute('data-review-busy');
        });
      }
      function updateStatus(error) {
        var keys = Object.keys(cards), look = keys.filter(function (k) { return (cards[k].asset.reasons || []).length; }).length;
        document.getElementById('status').textContent = keys.length + (keys.length === 1 ? ' hero, ' : ' heroes, ') + look
          + (look === 1 ? ' needs' : ' need') + ' a look' + (error ? ' · build stopped: ' + error : '');
      }
      function load() {
        return api('/api/assets').then(function (data) {
          if (data.httpStatus !== 200) { document.getElementById('status').textContent = data.error || 'error'; return; }
          generation = data.generation;
          var main = document.getElementById('assets'), seen = {};
          main.innerHTML = '';
          (data.assets || []).forEach(function (asset) { seen[asset.key] = true; main.appendChild(render(asset)); });
          Object.keys(cards).forEach(function (key) { if (!seen[key]) { delete cards[key]; } });
          var failures = document.getElementById('failures');
          failures.innerHTML = '';
          (data.failures || []).forEach(function (f) { failures.appendChild(el('li', 'fail', f.source + ': ' + f.error)); });
          updateStatus(data.error);
          document.body.setAttribute('data-review-generation', String(generation));
          document.body.setAttribute('data-review-status', 'ready');
        });
      }
      function poll() {
        api('/api/state').then(function (state) {
          if (state.httpStatus === 200 && state.generation !== generation && !document.body.hasAttribute('data-review-busy')) { return load(); }
        }).catch(function () {}).then(function () { setTimeout(poll, 1500); });
      }
      document.addEventListener('DOMContentLoaded', function () {
        var scrim = document.getElementById('scrim-toggle');
        scrim.addEventListener('change', function () { document.body.classList.toggle('no-scrim', !scrim.checked); });
        load().then(function () { setTimeout(poll, 1500); });
      });
    })();
    """

    static let html = """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>FullBleed review</title>
    <link rel="icon" href="data:,">
    <style>
    \(PreviewPage.stylesheet)
    \(stylesheet)
    </style>
    <script>
    \(script)
    </script>
    </head>
    <body>
    <header class="page">
    <h1>FullBleed review</h1>
    <span class="status-line" id="status">loading…</span>
    <span class="controls"><label><input type="checkbox" id="scrim-toggle" checked> Scrim overlay</label></span>
    </header>
    <main>
    <p class="subtitle">Drag or resize the green box over the subject (or pick “Focus point” and click), choose the toolbar glyphs if the recommended tone is wrong, then Save: the sidecar beside the photo is written and the photo rebuilt. “Looks right” marks the photo as reviewed.</p>
    <div id="assets"></div>
    <ul id="failures" class="warnings"></ul>
    </main>
    </body>
    </html>
    """
}
