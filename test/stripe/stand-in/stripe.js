/*
 * A stand-in for Stripe.js, served by Tote's tests in place of
 * https://js.stripe.com/… . It offers the surface the Stripe adapter uses,
 * behaving as Stripe's docs describe (docs/payments.md lists what it covers):
 *
 *   Stripe(pk) · stripe.elements({ mode, amount, currency, paymentMethodCreation, appearance } | { clientSecret } | {})
 *   elements.create('payment' | 'expressCheckout' | 'card' | 'address') · element.mount / on / destroy
 *   the Address Element: `mode` 'shipping' | 'billing' (required), `defaultValues`, `display.name` 'split',
 *     `fields.phone`; its fields in an iframe; `change` events `{ elementType: 'address', elementMode, empty,
 *     complete, isNewAddress, value: { name, firstName?, lastName?, address: { line1, line2 (null when
 *     empty), city, state, postal_code, country }, phone? } }` and `getValue()`. Not covered: Stripe's
 *     autocomplete suggestions, its 236 country formats (a few countries' fields), contacts, allowedCountries.
 *   elements.submit() · elements.update() · stripe.createPaymentMethod({ elements })
 *   stripe.createToken(cardElement) (single-use tokens, `tok_…`)
 *   stripe.confirmPayment({ elements, clientSecret, confirmParams, redirect: 'if_required' })
 *
 * Card fields live in an iframe (a document of their own, as Stripe's do), so
 * nothing the shopper types is in the host page's DOM. Outcomes follow
 * Stripe's documented test cards. Confirmation goes to
 * `${api}/v1/payment_intents/{id}/confirm` (api: https://api.stripe.com unless
 * window.__stripeStandIn.api says otherwise), which the test serves: there it
 * is handed to the sandbox's POST /__sandbox/payment_intents/{id}/confirm.
 *
 * A plain script on purpose: it is what a page loads from js.stripe.com.
 */
(function () {
  'use strict';

  // docs.stripe.com/testing: card number → brand, the documented test PaymentMethod and test token for it,
  // and what a charge does. A token's card names its brand as Stripe's Card object does ("Visa", …). Stripe
  // documents no test token for the 3-D Secure card: `tok_authenticationRequired` is the sandbox's name for it.
  var CARDS = {
    '4242424242424242': { brand: 'visa', cardBrand: 'Visa', pm: 'pm_card_visa', tok: 'tok_visa' },
    '4000056655665556': { brand: 'visa', cardBrand: 'Visa', pm: 'pm_card_visa_debit', tok: 'tok_visa_debit' },
    '5555555555554444': { brand: 'mastercard', cardBrand: 'MasterCard', pm: 'pm_card_mastercard', tok: 'tok_mastercard' },
    '378282246310005': { brand: 'amex', cardBrand: 'American Express', pm: 'pm_card_amex', tok: 'tok_amex' },
    '4000000000000002': { brand: 'visa', cardBrand: 'Visa', pm: 'pm_card_visa_chargeDeclined', tok: 'tok_chargeDeclined', decline: 'generic_decline' },
    '4000000000009995': {
      brand: 'visa',
      cardBrand: 'Visa',
      pm: 'pm_card_visa_chargeDeclinedInsufficientFunds',
      tok: 'tok_chargeDeclinedInsufficientFunds',
      decline: 'insufficient_funds',
    },
    '4000000000009987': { brand: 'visa', cardBrand: 'Visa', pm: 'pm_card_visa_chargeDeclinedLostCard', tok: 'tok_chargeDeclinedLostCard', decline: 'lost_card' },
    '4000002500003155': { brand: 'visa', cardBrand: 'Visa', pm: 'pm_card_authenticationRequired', tok: 'tok_authenticationRequired', authenticate: true },
  };

  var config = (window.__stripeStandIn = window.__stripeStandIn || {});
  config.calls = config.calls || [];
  var log = function (name, detail) {
    config.calls.push({ name: name, detail: detail });
  };

  function integrationError(message) {
    var e = new Error(message);
    e.name = 'IntegrationError';
    return e;
  }

  function luhn(number) {
    var sum = 0;
    for (var i = 0; i < number.length; i++) {
      var d = Number(number[number.length - 1 - i]);
      if (i % 2) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
      sum += d;
    }
    return number.length >= 12 && sum % 10 === 0;
  }

  var FIELD_PAGE =
    '<!doctype html><meta charset="utf-8"><style>body{margin:0;font:16px system-ui}label{display:block;margin:4px 0}' +
    'input{display:block;width:95%;padding:6px;border:1px solid #999;border-radius:var(--r,4px)}</style>' +
    '<label>Card number<input name="number" autocomplete="cc-number" inputmode="numeric"></label>' +
    '<label>Expiration date<input name="expiry" autocomplete="cc-exp" placeholder="MM / YY"></label>' +
    '<label>Security code<input name="cvc" autocomplete="cc-csc"></label>';

  function makeElement(group, type, options) {
    var handlers = {};
    var frame = null;
    var host = null;
    var element = {
      _type: type,
      _options: options || {},
      on: function (event, handler) {
        (handlers[event] = handlers[event] || []).push(handler);
        return element;
      },
      once: function (event, handler) {
        var wrapped = function (e) {
          element.off(event, wrapped);
          handler(e);
        };
        return element.on(event, wrapped);
      },
      off: function (event, handler) {
        handlers[event] = (handlers[event] || []).filter(function (h) {
          return handler && h !== handler;
        });
        return element;
      },
      _emit: function (event, payload) {
        (handlers[event] || []).slice().forEach(function (h) {
          h(payload);
        });
      },
      update: function (next) {
        Object.assign(element._options, next);
      },
      mount: function (target) {
        var node = typeof target === 'string' ? document.querySelector(target) : target;
        if (!node || !node.isConnected) throw integrationError('The selector or DOM element you specified to mount to is not in the document.');
        // Stripe's iframes cannot live in a shadow root (its documented limitation; Tote mounts in light DOM).
        if (node.getRootNode() !== document) throw integrationError('Elements cannot be mounted in a ShadowRoot. Please mount in the Light DOM.');
        host = node;
        log('mount', { type: type });
        if (type === 'payment' || type === 'card') mountPayment();
        else if (type === 'address') mountAddress();
        else mountExpress();
      },
      unmount: function () {
        if (frame) frame.remove();
        frame = null;
      },
      destroy: function () {
        element.unmount();
        group._elements[type === 'address' ? 'address:' + element._options.mode : type] = undefined;
        log('destroy', { type: type });
      },
      _fields: function () {
        var doc = frame && frame.contentDocument;
        if (!doc) return null;
        var v = function (n) {
          var input = doc.querySelector('input[name="' + n + '"]');
          return input ? input.value.replace(/\s+/g, '') : '';
        };
        return { number: v('number'), expiry: v('expiry'), cvc: v('cvc') };
      },
    };

    function mountPayment() {
      frame = document.createElement('iframe');
      frame.name = '__privateStripeFrame' + Math.floor(Math.random() * 1e6);
      frame.title = 'Secure payment input frame';
      frame.setAttribute('allow', 'payment *');
      frame.style.cssText = 'border:0;width:100%;height:190px;display:block';
      frame.srcdoc = FIELD_PAGE;
      frame.addEventListener('load', function () {
        var doc = frame.contentDocument;
        var radius = group._options.appearance && group._options.appearance.variables && group._options.appearance.variables.borderRadius;
        if (radius) doc.documentElement.style.setProperty('--r', radius);
        doc.addEventListener('input', function () {
          var f = element._fields();
          element._emit('change', { elementType: type, empty: !f.number && !f.expiry && !f.cvc, complete: luhn(f.number) && /^\d{4}$/.test(f.expiry) && /^\d{3,4}$/.test(f.cvc), value: { type: 'card' } });
        });
        element._emit('ready', { elementType: type });
      });
      host.appendChild(frame);
    }

    // The Address Element's value from its iframe's fields, shaped as Stripe's change event documents it.
    function addressValue() {
      var doc = frame && frame.contentDocument;
      var v = function (n) {
        var input = doc && doc.querySelector('[name="' + n + '"]');
        return input ? input.value.trim() : '';
      };
      var split = element._options.display && element._options.display.name === 'split';
      var first = v('firstName');
      var last = v('lastName');
      var value = {
        name: split ? (first + ' ' + last).trim() : v('name'),
        address: { line1: v('line1'), line2: v('line2') || null, city: v('city'), state: v('state'), postal_code: v('postal_code'), country: v('country') },
      };
      if (split) {
        value.firstName = first;
        value.lastName = last;
      }
      if (element._options.fields && element._options.fields.phone === 'always') value.phone = v('phone');
      var a = value.address;
      // Stripe's element knows which countries need a state; the stand-in asks it of those it lists.
      var needsState = ['US', 'CA', 'BR', 'JP', 'AU', 'MX', 'IN'].indexOf(a.country) >= 0;
      var complete = !!(value.name && a.line1 && a.city && a.postal_code && a.country && (!needsState || a.state));
      var empty = !value.name && !a.line1 && !a.city && !a.postal_code;
      return { complete: complete, empty: empty, isNewAddress: true, value: value };
    }

    function mountAddress() {
      var d = element._options.defaultValues || {};
      var a = d.address || {};
      var split = element._options.display && element._options.display.name === 'split';
      var esc = function (x) {
        return String(x == null ? '' : x).replace(/[&<>"]/g, function (c) {
          return '&#' + c.charCodeAt(0) + ';';
        });
      };
      var input = function (label, name, value, autocomplete) {
        return '<label>' + label + '<input name="' + name + '" value="' + esc(value) + '" autocomplete="' + autocomplete + '"></label>';
      };
      var countries = ['US', 'CA', 'GB', 'DE', 'FR', 'JP', 'BR'];
      if (a.country && countries.indexOf(a.country) < 0) countries.push(a.country);
      frame = document.createElement('iframe');
      frame.title = 'Secure address input frame';
      frame.style.cssText = 'border:0;width:100%;height:520px;display:block';
      frame.srcdoc =
        '<!doctype html><meta charset="utf-8"><style>body{margin:0;font:16px system-ui}label{display:block;margin:4px 0}input,select{display:block;width:95%;padding:6px}</style>' +
        (split ? input('First name', 'firstName', d.firstName, 'given-name') + input('Last name', 'lastName', d.lastName, 'family-name') : input('Full name', 'name', d.name, 'name')) +
        '<label>Country or region<select name="country" autocomplete="country">' +
        countries.map(function (c) {
          return '<option value="' + c + '"' + (c === a.country ? ' selected' : '') + '>' + c + '</option>';
        }).join('') +
        '</select></label>' +
        input('Address line 1', 'line1', a.line1, 'address-line1') +
        input('Address line 2', 'line2', a.line2, 'address-line2') +
        input('City', 'city', a.city, 'address-level2') +
        input('State', 'state', a.state, 'address-level1') +
        input('Postal code', 'postal_code', a.postal_code, 'postal-code') +
        (element._options.fields && element._options.fields.phone === 'always' ? input('Phone number', 'phone', d.phone, 'tel') : '');
      frame.addEventListener('load', function () {
        var emit = function () {
          var now = addressValue();
          element._emit('change', { elementType: 'address', elementMode: element._options.mode, empty: now.empty, complete: now.complete, isNewAddress: now.isNewAddress, value: now.value });
        };
        frame.contentDocument.addEventListener('input', emit);
        frame.contentDocument.addEventListener('change', emit);
        element._emit('ready', { elementType: 'address' });
      });
      element.getValue = function () {
        var now = addressValue();
        return Promise.resolve({ complete: now.complete, isNewAddress: now.isNewAddress, value: now.value });
      };
      host.appendChild(frame);
    }

    function mountExpress() {
      // The browser offers a wallet only where config.wallets says so (Stripe asks the browser; tests decide).
      var wallets = config.wallets;
      var available = wallets && Object.keys(wallets).length ? wallets : undefined;
      // `ready` is Stripe's "fully rendered": with a wallet, once its frame has loaded and its button listens (a
      // button pressed before that would be lost), as Stripe's own frame does.
      var announce = function () {
        setTimeout(function () {
          element._emit('ready', { elementType: 'expressCheckout', availablePaymentMethods: available });
          element._emit('availablepaymentmethodschange', { elementType: 'expressCheckout', paymentMethods: available });
        });
      };
      if (!available) return announce();
      frame = document.createElement('iframe');
      frame.title = 'Secure express checkout frame';
      frame.style.cssText = 'border:0;width:100%;height:48px';
      frame.srcdoc = '<!doctype html><button type="button" style="width:100%;height:44px">Pay with ' + Object.keys(available)[0] + '</button>';
      frame.addEventListener('load', function () {
        frame.contentDocument.querySelector('button').addEventListener('click', function () {
          var resolved = false;
          element._emit('click', { elementType: 'expressCheckout', expressPaymentType: 'google_pay', resolve: function () { resolved = true; } });
          if (!resolved) return;
          group._walletAuthorized = true;
          element._emit('confirm', {
            elementType: 'expressCheckout',
            expressPaymentType: 'google_pay',
            paymentFailed: function () { log('paymentFailed', {}); },
            billingDetails: { name: 'Wallet Shopper', email: 'wallet@example.com' },
          });
        });
        announce();
      });
      host.appendChild(frame);
    }

    return element;
  }

  // What Stripe's field validation says about incomplete or invalid card fields (null when complete).
  function fieldError(f) {
    if (!f) return { code: 'incomplete', message: 'Your payment details are incomplete.' };
    if (!f.number) return { code: 'incomplete_number', message: 'Your card number is incomplete.' };
    if (!luhn(f.number)) return { code: 'invalid_number', message: 'Your card number is invalid.' };
    if (!/^\d{4}$/.test(f.expiry.replace('/', ''))) return { code: 'incomplete_expiry', message: "Your card's expiration date is incomplete." };
    if (!/^\d{3,4}$/.test(f.cvc)) return { code: 'incomplete_cvc', message: "Your card's security code is incomplete." };
    return null;
  }

  function makeElements(stripe, options) {
    options = options || {};
    // The mode and clientSecret are optional for the group: only the Payment and Express Checkout Elements need one.
    if (options.mode !== undefined) {
      if (options.mode !== 'payment' && options.mode !== 'setup' && options.mode !== 'subscription') {
        throw integrationError('elements(): mode must be payment, setup or subscription.');
      }
      if (!options.currency) throw integrationError('elements(): currency is required when mode is set.');
      if (options.mode === 'payment' && !(Number.isInteger(options.amount) && options.amount >= 0)) {
        throw integrationError('elements(): amount must be a non-negative integer when mode is payment.');
      }
    }
    log('elements', options);
    var group = {
      _options: options,
      _elements: {},
      _submitted: false,
      create: function (type, elementOptions) {
        if (type !== 'payment' && type !== 'expressCheckout' && type !== 'card' && type !== 'address') {
          throw integrationError('The stand-in only implements payment, expressCheckout, card and address.');
        }
        if (type === 'address') {
          // Stripe: "Specify which mode you would like to use Address Element for" — required, one element per mode.
          var mode = elementOptions && elementOptions.mode;
          if (mode !== 'shipping' && mode !== 'billing') throw integrationError('Address Element: mode must be shipping or billing.');
          if (group._elements['address:' + mode]) throw integrationError('Can only create one Address Element in ' + mode + ' mode.');
          var address = makeElement(group, 'address', elementOptions);
          group._elements['address:' + mode] = address;
          return address;
        }
        if (type !== 'card' && !group._options.clientSecret && !group._options.mode) {
          throw integrationError('In order to create a ' + type + ' element, you must pass a clientSecret or mode when creating the Elements group.');
        }
        if (group._elements[type]) throw integrationError('Can only create one Element of type ' + type + '.');
        var el = makeElement(group, type, elementOptions);
        group._elements[type] = el;
        return el;
      },
      getElement: function (type, options) {
        if (type === 'address') return group._elements['address:' + (options && options.mode)] || null;
        return group._elements[type] || null;
      },
      update: function (next) {
        Object.assign(group._options, next);
        log('elements.update', next);
      },
      submit: function () {
        log('submit', {});
        var el = group._elements.payment;
        if (group._walletAuthorized) return Promise.resolve({});
        var error = fieldError(el && el._fields());
        group._submitted = !error;
        return Promise.resolve(error ? { error: Object.assign({ type: 'validation_error' }, error) } : {});
      },
    };
    return group;
  }

  function cardOf(elements) {
    var el = elements && elements._elements.payment;
    var f = el && el._fields();
    return f && { number: f.number, card: CARDS[f.number] };
  }

  function post(path, body) {
    var api = config.api || 'https://api.stripe.com';
    return fetch(api + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(function (res) {
      return res.json().then(function (json) {
        return { status: res.status, body: json };
      });
    });
  }

  // Stripe's 3-D Secure test page: a modal over the page with "Complete" and "Fail".
  function challenge() {
    return new Promise(function (resolve) {
      var frame = document.createElement('iframe');
      frame.name = '__privateStripeFrame3ds';
      frame.title = '3D Secure authentication';
      frame.style.cssText = 'position:fixed;inset:10% 20%;width:60%;height:60%;z-index:2147483647;background:#fff;border:1px solid #333';
      frame.srcdoc =
        '<!doctype html><p>3D Secure 2 Test Page</p><button type="button" id="complete">Complete</button> <button type="button" id="fail">Fail</button>';
      frame.addEventListener('load', function () {
        var doc = frame.contentDocument;
        doc.getElementById('complete').addEventListener('click', function () {
          frame.remove();
          resolve(true);
        });
        doc.getElementById('fail').addEventListener('click', function () {
          frame.remove();
          resolve(false);
        });
      });
      document.body.appendChild(frame);
    });
  }

  function intentResult(answer) {
    if (answer.status === 200) return { paymentIntent: answer.body };
    var error = answer.body && answer.body.error ? answer.body.error : { type: 'api_error', message: 'An unexpected error occurred.' };
    return { error: error };
  }

  function Stripe(key, options) {
    if (typeof key !== 'string' || !/^pk_(test|live)_/.test(key)) throw integrationError('Invalid value for Stripe(): apiKey should be a publishable key (pk_…).');
    if (!(this instanceof Stripe)) return new Stripe(key, options);
    log('Stripe', { key: key });
    this._key = key;
  }
  Stripe.version = 'endive';
  Stripe.prototype._registerWrapper = function (wrapper) {
    log('registerWrapper', wrapper);
  };
  Stripe.prototype.elements = function (options) {
    return makeElements(this, options);
  };

  Stripe.prototype.createPaymentMethod = function (params) {
    var elements = params && params.elements;
    if (!elements) return Promise.reject(integrationError('createPaymentMethod: elements is required.'));
    if (elements._options.paymentMethodCreation !== 'manual') {
      return Promise.reject(integrationError("createPaymentMethod with elements requires paymentMethodCreation: 'manual'."));
    }
    if (!elements._submitted) return Promise.reject(integrationError('elements.submit() must be called before createPaymentMethod().'));
    var c = cardOf(elements);
    log('createPaymentMethod', {});
    if (!c.card) return Promise.resolve({ error: { type: 'card_error', code: 'incorrect_number', message: 'Your card number is incorrect.' } });
    return Promise.resolve({
      paymentMethod: { id: c.card.pm, object: 'payment_method', type: 'card', card: { brand: c.card.brand, last4: c.number.slice(-4), exp_month: 12, exp_year: 2034 } },
    });
  };

  // stripe.createToken(cardElement): a single-use token for the card typed in a Card Element.
  Stripe.prototype.createToken = function (element, data) {
    if (!element || element._type !== 'card') {
      return Promise.reject(integrationError('You must provide a Stripe Element or a valid token type to create a Token.'));
    }
    log('createToken', { data: data || null });
    var f = element._fields();
    var invalid = fieldError(f);
    if (invalid) return Promise.resolve({ error: Object.assign({ type: 'validation_error' }, invalid) });
    var card = CARDS[f.number];
    if (!card) return Promise.resolve({ error: { type: 'card_error', code: 'incorrect_number', message: 'Your card number is incorrect.' } });
    var expiry = f.expiry.replace('/', '');
    return Promise.resolve({
      token: {
        id: card.tok,
        object: 'token',
        type: 'card',
        used: false,
        livemode: false,
        card: { object: 'card', brand: card.cardBrand, last4: f.number.slice(-4), exp_month: Number(expiry.slice(0, 2)), exp_year: 2000 + Number(expiry.slice(2)) },
      },
    });
  };

  Stripe.prototype.confirmPayment = function (params) {
    params = params || {};
    var elements = params.elements;
    var secret = params.clientSecret || (elements && elements._options.clientSecret);
    if (!elements) return Promise.reject(integrationError('confirmPayment: elements is required.'));
    if (!secret || !/^pi_[A-Za-z0-9]+_secret_[A-Za-z0-9]+$/.test(secret)) return Promise.reject(integrationError('confirmPayment: a PaymentIntent client secret is required.'));
    if (params.redirect !== 'if_required' && !(params.confirmParams && params.confirmParams.return_url)) {
      return Promise.reject(integrationError('confirmPayment: confirmParams.return_url is required unless redirect is if_required.'));
    }
    if (!elements._options.clientSecret && !elements._submitted && !elements._walletAuthorized) {
      return Promise.reject(integrationError('elements.submit() must be called before confirmPayment().'));
    }
    var id = secret.split('_secret_')[0];
    log('confirmPayment', { id: id, redirect: params.redirect });
    var path = '/v1/payment_intents/' + id + '/confirm';
    if (elements._walletAuthorized) return post(path, { client_secret: secret }).then(intentResult);
    var c = cardOf(elements);
    if (!c || !c.card) return Promise.resolve({ error: { type: 'card_error', code: 'incorrect_number', message: 'Your card number is incorrect.' } });
    var card = c.card;
    if (card.decline) {
      return post(path, { client_secret: secret, outcome: 'declined', decline_code: card.decline }).then(function (a) {
        var r = intentResult(a);
        if (r.error) r.error.message = card.decline === 'insufficient_funds' ? 'Your card has insufficient funds.' : 'Your card was declined.';
        return r;
      });
    }
    if (!card.authenticate) return post(path, { client_secret: secret }).then(intentResult);
    return post(path, { client_secret: secret, outcome: 'requires_authentication' }).then(function (first) {
      if (first.status !== 200) return intentResult(first);
      return challenge().then(function (passed) {
        return post(path, passed ? { client_secret: secret } : { client_secret: secret, outcome: 'declined' }).then(intentResult);
      });
    });
  };

  window.Stripe = Stripe;
})();
