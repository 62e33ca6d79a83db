// The simulated vendor's game page: it plays rounds through the simulator's
// server, which calls the portal's wallet as a vendor would.
(function () {
  'use strict';
  var body = document.body;
  var vendor = body.dataset.vendor;
  var demo = body.dataset.demo === 'true';
  var q = new URLSearchParams(location.search);
  var player = { token: q.get('token') || '', player: q.get('player') || '', currency: q.get('currency') || '', game: body.dataset.game };
  var demoBalance = 100000;
  var balanceEl = document.getElementById('balance');
  var resultEl = document.getElementById('result');
  var history = document.getElementById('history');
  var button = document.querySelector('#play button');

  function money(minor) { return (minor / 100).toFixed(2) + (player.currency ? ' ' + player.currency : ''); }
  function post(path, data) {
    return fetch('/sim/' + encodeURIComponent(vendor) + path, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(data)
    }).then(function (r) { return r.json().then(function (v) { if (!r.ok) throw new Error(v.error || r.status); return v; }); });
  }
  function faults() {
    var t = document.getElementById('f-timeout');
    if (!t) return {};
    return { timeout: t.checked, repeat: Number(document.getElementById('f-repeat').value) || 0, rollbackFirst: document.getElementById('f-rollback').checked };
  }
  function refresh() {
    if (demo) { balanceEl.textContent = money(demoBalance) + ' (demo)'; return; }
    post('/balance', player).then(function (a) {
      balanceEl.textContent = a.status === 'OK' ? money(a.balance) : a.status;
    }).catch(function (e) { balanceEl.textContent = e.message; });
  }
  document.getElementById('play').addEventListener('submit', function (ev) {
    ev.preventDefault();
    var stake = Number(document.getElementById('stake').value);
    button.disabled = true;
    if (demo && stake > demoBalance) { resultEl.textContent = 'INSUFFICIENT_FUNDS'; button.disabled = false; return; }
    post('/round', { token: player.token, player: player.player, currency: player.currency, game: player.game, stake: stake, demo: demo, faults: faults() })
      .then(function (r) {
        if (demo) { demoBalance += r.win - r.stake; r.balance = demoBalance; }
        var ok = r.status === 'OK';
        resultEl.className = 'result ' + (ok && r.win > 0 ? 'win' : 'lose');
        resultEl.textContent = ok ? (r.win > 0 ? 'Won ' + money(r.win) + ' (×' + r.multiplier + ')' : 'No win') : r.status + (r.message ? ': ' + r.message : '');
        balanceEl.textContent = money(r.balance) + (demo ? ' (demo)' : '');
        var li = document.createElement('li');
        li.textContent = r.roundId + ' · ' + money(r.stake) + ' → ' + money(r.win || 0) + ' · ' + r.status;
        history.prepend(li);
      })
      .catch(function (e) { resultEl.className = 'result lose'; resultEl.textContent = e.message; })
      .finally(function () { button.disabled = false; });
  });
  refresh();
})();
