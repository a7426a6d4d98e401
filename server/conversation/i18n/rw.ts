// Kinyarwanda. Written by a non-native speaker from common shop and mobile-money wording: every
// string marked "REVIEW" needs a native speaker's check before launch. GSM-7 only, no accents.
import type { Catalogue } from './en';

export const rw: Catalogue = {
  'language.name': 'Kinyarwanda',
  'language.title': 'Hitamo ururimi:',
  'language.changed': 'Ururimi: Kinyarwanda.', // REVIEW

  'signup.title': 'Murakaza neza kuri {shop}!',
  'signup.prompt': 'Andika amazina yawe yombi:', // REVIEW
  'signup.invalid': 'Andika amazina yawe yombi.', // REVIEW
  'signup.done': 'Murakaza neza, {name}!',

  'resume.title': 'Ntiwarangije ubushize.', // REVIEW
  'resume.continue': 'Komeza aho wari ugeze', // REVIEW
  'resume.restart': 'Tangira bundi bushya', // REVIEW

  'home.title': 'Murakaza neza kuri {shop}!',
  'home.hint': 'Andika izina ry\'igicuruzwa cyangwa uhitemo:', // REVIEW
  'home.search': 'Shakisha ibicuruzwa',
  'home.categories': 'Ibyiciro', // REVIEW
  'home.cart': 'Agatebo kanjye',
  'home.cartCount': 'Agatebo kanjye ({count})',
  'home.orders': 'Kurikirana komande',
  'home.addresses': 'Aderesi zanjye', // REVIEW
  'home.language': 'Ururimi',
  'home.again': 'Ongera utumize: {basket} {total}', // REVIEW
  'home.againShort': 'Ongera utumize', // REVIEW
  'home.basket': 'Agatebo k\'icyumweru', // REVIEW

  'search.prompt': 'Andika izina ry\'igicuruzwa:', // REVIEW
  'search.empty': 'Andika izina ry\'igicuruzwa.', // REVIEW
  'search.results': 'Ibyabonetse kuri "{query}":', // REVIEW
  'search.none': 'Nta gicuruzwa cyabonetse kuri "{query}".', // REVIEW
  'search.again': 'Ongera ushakishe', // REVIEW
  'search.suggest': 'Wasanga ari:', // REVIEW

  'categories.title': 'Ibyiciro:', // REVIEW
  'category.title': '{name}:',
  'category.empty': 'Nta bicuruzwa biri muri iki cyiciro', // REVIEW

  'product.offer': '{offer} (cyari {price})', // REVIEW
  'product.add': 'Shyira mu gatebo',
  'product.gone': 'Igicuruzwa ntikibonetse', // REVIEW
  'product.outOfStock': 'Cyashize', // REVIEW
  'stock.left': 'Hasigaye {quantity} gusa', // REVIEW
  'stock.leftOf': 'Hasigaye {quantity} bya {name} gusa.', // REVIEW
  'stock.inCart': 'Mu gatebo kawe harimo {quantity}.', // REVIEW
  'stock.shortLine': '{name}: hasigaye {quantity}', // REVIEW
  'stock.outLine': '{name}: byashize', // REVIEW
  'stock.short': 'Ntibihagije mu bubiko: {names}. Hindura agatebo kawe.', // REVIEW

  'quantity.prompt': 'Umubare: {unit} (1-{max})', // REVIEW
  'quantity.invalid': 'Andika umubare wuzuye kuva 1 kugeza {max}.', // REVIEW
  'quantity.promptMeasured': 'Umubare: {unit}, guhera {min}, kongeraho {step} (urugero 1.5):', // REVIEW
  'quantity.invalidMeasured': 'Andika {unit} guhera {min}, kongeraho {step}, urugero 1.5.', // REVIEW
  'price.about': 'hafi {amount}', // REVIEW
  'price.aboutWhy': 'Ibipimwa: wishyura ibyo twapakiye.', // REVIEW

  'added.notice': '{quantity} {name} byashyizwe mu gatebo!', // REVIEW
  'added.checkout': 'Soza komande', // REVIEW
  'added.shopMore': 'Komeza guhaha',
  'added.cart': 'Agatebo kanjye',

  'cart.title': 'Agatebo kanjye ({count}):',
  'cart.empty': 'Agatebo kawe karimo ubusa', // REVIEW
  'cart.total': 'Igiteranyo: {total}',
  'cart.checkout': 'Soza komande', // REVIEW
  'cart.clear': 'Siba agatebo', // REVIEW
  'cart.change': 'Hindura ingano', // REVIEW
  'cart.remove': 'Kuramo',
  'cart.updated': 'Ingano yahinduwe', // REVIEW
  'cart.removed': 'Cyakuwe mu gatebo', // REVIEW
  'cart.cleared': 'Agatebo karasibwe', // REVIEW
  'cart.clearAsk': 'Ukuremo byose mu gatebo?', // REVIEW
  'cart.clearYes': 'Yego, siba', // REVIEW
  'cart.shop': 'Shakisha ibicuruzwa',

  'address.choose': 'Bigezwe he?', // REVIEW
  'address.addNew': 'Aderesi nshya', // REVIEW
  'address.default': '(iy\'ibanze)', // REVIEW
  'address.district': 'Aderesi nshya. Hitamo akarere:', // REVIEW
  'address.sector': 'Umurenge wo muri {district}? Hitamo cyangwa wandike izina:', // REVIEW
  'address.sectorUnknown': 'Si umurenge wo muri {district}. Hitamo cyangwa wandike izina ryawo.', // REVIEW
  'address.street': 'Andika umuhanda, urugero KG 11 Ave:', // REVIEW
  'address.description': 'Sobanura aho ari (inzu, ikimenyetso):', // REVIEW
  'address.phone': 'Telefoni yo kuguhamagaraho:', // REVIEW
  'address.useCaller': 'Koresha {phone}',
  'address.otherPhone': 'Indi nimero', // REVIEW
  'address.phonePrompt': 'Andika nimero ya telefoni, urugero 0788123456:', // REVIEW
  'address.phoneInvalid': 'Andika nimero nka 0788123456.', // REVIEW
  'address.tooLong': 'Ni birebire: inyuguti {max} gusa.', // REVIEW
  'address.added': 'Aderesi yongeweho!', // REVIEW
  'address.list': 'Aderesi zanjye:', // REVIEW
  'address.none': 'Nta aderesi urabika.', // REVIEW
  'address.phoneLine': 'Telefoni: {phone}',
  'address.makeDefault': 'Yigire iy\'ibanze', // REVIEW
  'address.delete': 'Siba',
  'address.deleted': 'Aderesi yasibwe', // REVIEW
  'address.defaultSet': 'Aderesi y\'ibanze yahinduwe.', // REVIEW

  'checkout.title': 'Emeza komande: {total}', // REVIEW
  'checkout.titleBare': 'Emeza komande', // REVIEW
  'products.count': '{count|Ikintu|Ibintu} {count}', // REVIEW
  'checkout.items': '{count|Ikintu|Ibintu} {count}: {total}', // REVIEW
  'checkout.delivery': 'Bizagera: {window}', // REVIEW
  'checkout.to': 'Aho: {address}', // REVIEW
  'checkout.pay': 'Ishyura ubigejejweho cyangwa MoMo Pay {code} ({business})', // REVIEW
  'checkout.confirm': 'Emeza',
  'checkout.fee': 'Ikiguzi cyo kugeza {fee}, byose {total}', // REVIEW
  'checkout.feeFree': 'Kugeza ni ubuntu, byose {total}', // REVIEW
  'checkout.feeShort': 'Kugeza {fee}, byose {total}', // REVIEW
  'checkout.placedFee':
    'Komande {number} yakiriwe. Bizagera {window}, kugeza {fee}. Ishyura {total} ubigejejweho cyangwa kuri MoMo Pay {code}. Turaguhamagara mu minota 10.', // REVIEW
  'checkout.placed':
    'Komande {number} yakiriwe. Bizagera {window}. Ishyura {total} ubigejejweho cyangwa kuri MoMo Pay {code}. Turaguhamagara mu minota 10.', // REVIEW
  'checkout.payMomo': 'Ishyura ubu na MoMo', // REVIEW
  'checkout.payMomoShort': 'MoMo', // REVIEW
  'checkout.placedMomo': 'Komande {number} yakiriwe: {total}, bizagera {window}. Emeza kwishyura kuri telefoni yawe: MoMo irasaba {phone} PIN yawe.', // REVIEW
  'checkout.placedMomoFailed': 'Komande {number} yakiriwe: {total}. MTN MoMo ntiyakiriye ubwishyu: ishyura kuri MoMo Pay {code} ({business}).', // REVIEW
  'checkout.placedMomoUnconfirmed': 'Komande {number} yakiriwe: {total}. MTN MoMo ntirasubiza: {phone} nibagusaba PIN, yemeze. Ntwishyure ukundi.', // REVIEW
  'checkout.emptyCart': 'Agatebo kawe nta kirimo.', // REVIEW
  'checkout.failed': 'Komande ntiyakunze. Ongera ugerageze.', // REVIEW
  'checkout.twin': 'Byatumijwe {minutes} min ishize! Nanone: {total}', // REVIEW

  'again.title': 'Ongera utumize: {total}', // REVIEW
  'again.left': 'ntibirimo: {names}', // REVIEW
  'again.outOfStock': 'byashize', // REVIEW
  'again.notSold': 'ntibikigurishwa', // REVIEW
  'again.noAddress': 'Nta aderesi: hitamo 3.', // REVIEW
  'again.stopped': 'Ntibikiboneka: {names}.', // REVIEW
  'again.changeAddress': 'Hindura aderesi', // REVIEW
  'again.changeTime': 'Hindura igihe', // REVIEW
  'again.nothing': 'Nta na kimwe mu byo waherukaga gutumiza kiboneka uyu munsi.', // REVIEW
  'again.less': 'bike: {names}', // REVIEW
  'again.lessLine': '{name} {count} kuri {quantity}', // REVIEW
  'again.lessNow': 'Ubu hasigaye bike: {names}.', // REVIEW

  'basket.list': 'Udutebo twanjye tw\'icyumweru:', // REVIEW
  'basket.title': 'Agatebo: {when}', // REVIEW
  'basket.next': 'Gakurikira: {when}', // REVIEW
  'basket.nextSkipped': 'Gakurikira karasimbutswe: {when}', // REVIEW
  'basket.paused': 'Karahagaritswe.', // REVIEW
  'basket.skip': 'Simbuka ubutaha', // REVIEW
  'basket.unskip': 'Garura ubutaha', // REVIEW
  'basket.pause': 'Hagarika gato', // REVIEW
  'basket.resume': 'Subukura', // REVIEW
  'basket.change': 'Hindura igihe', // REVIEW
  'basket.stop': 'Hagarika burundu', // REVIEW
  'basket.stopAsk': 'Uhagarike agatebo kawe {when}?', // REVIEW
  'basket.stopYes': 'Yego, gahagarike', // REVIEW
  'basket.stopped': 'Agatebo kawe k\'icyumweru karahagaritswe.', // REVIEW
  'basket.skipped': 'Agakurikira karasimbutswe.', // REVIEW
  'basket.unskipped': 'Agakurikira kagarutse.', // REVIEW
  'basket.pausedNow': 'Agatebo kawe karahagaritswe by\'agateganyo.', // REVIEW
  'basket.resumed': 'Agatebo kawe kongeye gukora.', // REVIEW
  'basket.changed': 'Byahinduwe: {when}.', // REVIEW
  'basket.made': 'Agatebo k\'icyumweru kakozwe: {when}.', // REVIEW
  'basket.madeCovered': 'Agatebo k\'icyumweru kakozwe: {when}. Iki cyumweru kazanwa na komande {number}.', // REVIEW
  'basket.already': 'Komande {number} isanzwe iza buri cyumweru.', // REVIEW
  'basket.sameTime': 'Agatebo kawe {when} gasanzwe kabizana.', // REVIEW
  'basket.day': 'Kakugereho buri cyumweru:', // REVIEW
  'basket.time': 'Ku yihe saha?', // REVIEW

  'window.choose': 'Hitamo igihe bikugeraho:', // REVIEW
  'window.none': 'Nta gihe cyo kugeza kiboneka iki cyumweru. Ongera ugerageze nyuma.', // REVIEW
  'window.taken': 'Icyo gihe ntikiboneka. Igikurikira: {window}', // REVIEW

  'orders.title': 'Komande zanjye:',
  'orders.hint': 'Cyangwa wandike nimero ya komande.', // REVIEW
  'orders.none': 'Nta komande uratanga.', // REVIEW
  'order.title': 'Komande {number}',
  'order.status': 'Uko ihagaze: {status}', // REVIEW
  'order.payment': 'Kwishyura: {status}', // REVIEW
  'order.total': 'Igiteranyo: {total}',
  'order.onTheWay': 'Iri mu nzira: {rider} {phone}', // REVIEW
  'order.notDelivered': 'Ntiyagejejwe ({reason}). Igihe gishya: {window}', // REVIEW
  'order.notDeliveredCall': 'Ntiyagejejwe ({reason}). Iduka rizaguhamagara', // REVIEW
  'order.reason.nobody_home': 'nta muntu wari uhari', // REVIEW
  'order.reason.refused': 'yanzwe', // REVIEW
  'order.reason.wrong_address': 'aderesi itari yo', // REVIEW
  'order.titleWhen': 'Komande {number}, bizagera {window}', // REVIEW
  'order.gone': 'Komande ntibonetse', // REVIEW
  'order.payAgain': 'Ongera wishyure', // REVIEW
  'order.weekly': 'Bigezwe buri cyumweru', // REVIEW
  'order.momoWaiting': 'Emeza kwishyura kuri MoMo kuri {phone}.', // REVIEW
  'order.momoUnconfirmed': 'MoMo ntirasubiza: emeza niba telefone ikubajije. Ntwishyure kabiri.', // REVIEW
  'order.momoFailed': 'MoMo: {reason}.',
  'order.momoPaid': 'Igikorwa cya MoMo {id}', // REVIEW
  'momo.requested': 'Emeza kwishyura kuri telefoni yawe: MoMo irasaba {phone} PIN yawe kugira ngo wishyure {total} ya komande {number}.', // REVIEW
  'momo.notSent': 'MTN MoMo ntiyakiriye icyifuzo cyo kwishyura. Ishyura {total} kuri MoMo Pay {code} ({business}).', // REVIEW
  'momo.unconfirmed': 'MTN MoMo ntirasubiza: {phone} nibagusaba PIN yo kwishyura {total}, yemeze. Ntwishyure ukundi; reba Kurikirana komande.', // REVIEW
  'momo.paid': 'Komande {number} yishyuwe kuri MoMo. Murakoze!', // REVIEW
  'status.pending': 'itegereje', // REVIEW
  'status.processing': 'irimo gutegurwa', // REVIEW
  'status.shipped': 'iri mu nzira', // REVIEW
  'status.delivered': 'yagejejwe', // REVIEW
  'status.cancelled': 'yahagaritswe', // REVIEW
  'payment.pending': 'ntirishyurwa', // REVIEW
  'payment.completed': 'yishyuwe', // REVIEW
  'payment.failed': 'byanze', // REVIEW
  'statusShort.pending': 'itegereje', // REVIEW
  'statusShort.processing': 'irategurwa', // REVIEW
  'statusShort.shipped': 'iri mu nzira', // REVIEW
  'statusShort.delivered': 'yagejejwe', // REVIEW
  'statusShort.cancelled': 'yahagaritswe', // REVIEW
  'paymentShort.pending': 'ntiyishyuwe', // REVIEW
  'paymentShort.completed': 'yishyuwe', // REVIEW
  'paymentShort.failed': 'byanze', // REVIEW

  'login.addToCart': 'Banza winjire kugira ngo ushyire ibintu mu gatebo.', // REVIEW
  'login.page': 'Banza winjire kugira ngo ubone iyi paji', // REVIEW
  'login.button': 'Injira', // REVIEW
  'login.hint': 'Injira ku rubuga, hanyuma ugaruke hano.', // REVIEW

  'nav.back': 'Subira inyuma',
  'nav.home': 'Ahabanza', // REVIEW
  'nav.more': 'Ibindi',
  'nav.choose': 'Hitamo', // REVIEW
  'nav.restart': 'Ongera utangire', // REVIEW

  'error.invalidChoice': 'Ibyo wahisemo si byo. Ongera ugerageze.', // REVIEW
  'error.emptyAnswer': 'Andika igisubizo.', // REVIEW
  'error.failed': 'Ihangane, ntibyakunze. Ongera ugerageze.', // REVIEW
  'error.apology': 'Ihangane, habaye ikibazo. Ongera ugerageze nyuma.', // REVIEW
  // Chat cards' own words (the widget shows them around a card).
  'chat.choose': 'Hitamo', // REVIEW
  'chat.now': 'Ubu', // REVIEW
  'chat.was': 'mbere', // REVIEW
  'chat.yourCart': 'Agatebo kawe', // REVIEW
  'chat.seeOrder': 'Reba komande {number}', // REVIEW
  'chat.or': 'cyangwa', // REVIEW
  'chat.trackOrders': 'ukurikirane komande zawe', // REVIEW
  'missing.change': 'Igicuruzwa nikibura', // REVIEW
  'missing.title': 'Igicuruzwa nikibura:', // REVIEW
  'missing.now': 'Ubu: {choice}.', // REVIEW
  'missing.similar': 'Igisa na cyo', // REVIEW
  'missing.none': 'Kireke', // REVIEW
  'missing.saved': 'Igicuruzwa nikibura: {choice}.', // REVIEW
  'order.questions': 'Ibibazo {count}', // REVIEW
  'order.answer': 'Subiza ikibazo', // REVIEW
  'order.sent': '{ordered}, hoherejwe {sent}', // REVIEW
  'question.title': '{name} ntibonetse. Mwakira {substitute} ({quantity})?', // REVIEW
  'question.price': 'Murishyura {price}.', // REVIEW
  'question.dearer': 'Igura {own}; murishyura {ordered} keretse mwemeye.', // REVIEW
  'question.until': 'Musubize mbere ya {time}.', // REVIEW
  'question.accept': 'Yego, ndayakira', // REVIEW
  'question.refuse': 'Oya, mubireke', // REVIEW
  'question.accepted': '{substitute} iri muri komande yanyu.', // REVIEW
  'question.refused': '{name} yakuwe muri komande yanyu.', // REVIEW
  'question.late': 'Byatinze: twakurikije ibyo mwahisemo.', // REVIEW
  'question.none': 'Nta kibazo gitegereje igisubizo.', // REVIEW
};
