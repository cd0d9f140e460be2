import { STORE_COLOURS as C, SYSTEM_FONTS } from '../../theme-tokens';

/**
 * The store pages' whole style sheet (the store page, its dialogs, cart and checkout, and the
 * tracking page), inlined in their <head> by the server: about 8 KB before compression, so a
 * phone on a slow network paints the page from the first answer alone, with no render-blocking
 * request for a style file (Lighthouse's mobile run counts that round trip against the first
 * paint). System fonts only, for the same reason. Colours, fonts and spacing are the product's
 * tokens (src/theme-tokens.ts), whose pairs meet WCAG AA. No Mantine: its weight is the back office's.
 * A Details button keeps its room while hidden (until the page is hydrated): nothing moves when it shows.
 */
export const STORE_PAGE_CSS = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;scroll-padding-top:4.5rem}
body{margin:0;font:16px/1.5 ${SYSTEM_FONTS};color:${C.ink};background:${C.cream};overflow-wrap:anywhere}
a{color:${C.accent}}
:focus-visible{outline:3px solid ${C.focus};outline-offset:2px}
.hero :focus-visible{outline-color:${C.focusOnDark}}
h1,h2,h3{line-height:1.2;margin:0}
.vh{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.skip{position:absolute;left:.5rem;top:-3rem;z-index:10;background:${C.paper};color:${C.accent};padding:.5rem 1rem;border-radius:.5rem;font-weight:600}
.skip:focus{top:.5rem}
.wrap{max-width:72rem;margin:0 auto;padding:0 1rem}
.hero{background:${C.header};color:${C.headerText};padding:2rem 0 1.75rem}
.hero a{color:${C.headerText}}
.hero-inner{display:flex;gap:1.25rem;align-items:flex-start}
.logo{width:5rem;height:5rem;border-radius:1rem;object-fit:cover;background:${C.paper};flex:none}
.hero h1{font-size:clamp(1.75rem,5vw,2.75rem);letter-spacing:-.01em}
.about{margin:.5rem 0 0;max-width:40rem;color:${C.headerMuted}}
.status{display:inline-flex;align-items:center;gap:.5rem;margin:1rem 0 0;padding:.3rem .8rem;border-radius:999px;font-weight:600;font-size:.95rem}
.status::before{content:"";width:.6rem;height:.6rem;border-radius:50%;background:currentColor}
.status.open{background:${C.openBack};color:${C.openText}}
.status.closed{background:${C.closedBack};color:${C.closedText}}
.today-note{margin:.75rem 0 0;font-weight:600;color:${C.highlight}}
.contact{list-style:none;display:flex;flex-wrap:wrap;gap:.25rem 1.25rem;margin:1rem 0 0;padding:0;color:${C.headerMuted}}
.contact address{font-style:normal}
.catnav{position:sticky;top:0;z-index:5;background:${C.cream};border-bottom:1px solid ${C.line}}
.catnav ul{list-style:none;margin:0 auto;padding:.6rem 1rem;max-width:72rem;display:flex;flex-wrap:wrap;gap:.4rem}
.catnav a{display:inline-block;padding:.35rem .8rem;border-radius:999px;border:1px solid ${C.border};background:${C.paper};color:${C.ink};text-decoration:none;font-size:.9rem;font-weight:500}
.catnav a:hover{border-color:${C.accent}}
.catnav a[aria-current="true"]{background:${C.header};border-color:${C.header};color:${C.paper}}
@media (max-width:47.99em){.hero{padding:1rem 0}.hero-inner{gap:.75rem}.logo{width:3.5rem;height:3.5rem;border-radius:.75rem}.status{margin-top:.6rem}.contact{margin-top:.5rem;font-size:.9rem}.catnav ul{flex-wrap:nowrap;overflow-x:auto;scrollbar-width:thin}.catnav li{flex:none}.layout{padding-top:1rem}}
.layout{display:grid;grid-template-columns:minmax(0,1fr);gap:1.5rem;padding-top:1.5rem;padding-bottom:3rem}
@media (min-width:60em){.layout{grid-template-columns:minmax(0,1fr) 20rem}.info{grid-column:2;grid-row:1;align-self:start;position:sticky;top:4.5rem}.menu{grid-column:1;grid-row:1}}
.card{background:${C.paper};border:1px solid ${C.line};border-radius:1rem;padding:1.25rem;margin-bottom:1rem}
.card h2{font-size:1.2rem;margin-bottom:.75rem}
.card h3{font-size:1rem;margin:1rem 0 .25rem}
.hours{width:100%;border-collapse:collapse;font-size:.95rem}
.hours th{text-align:left;font-weight:500;padding:.2rem 1rem .2rem 0;white-space:nowrap;vertical-align:top}
.nw{white-space:nowrap}
.hours td{text-align:right;padding:.2rem 0;font-variant-numeric:tabular-nums}
.hours tr[aria-current]{font-weight:700}
.hours tr[aria-current] th{font-weight:700}
.muted{color:${C.muted};font-size:.875rem;margin:.5rem 0 0}
.plain{list-style:none;margin:0;padding:0}
.plain li{padding:.15rem 0}
.terms li::before{content:"\\2022";color:${C.accent};margin-right:.5rem}
.zip-check{margin-top:1rem;border-top:1px solid ${C.line};padding-top:1rem}
.zip-check label{display:block;font-weight:600;margin-bottom:.4rem}
.zip-row{display:flex;gap:.5rem}
.zip-row input{flex:1;min-width:0;font:inherit;padding:.5rem .75rem;border:1px solid ${C.control};border-radius:.5rem}
.zip-row input[aria-invalid="true"]{border-color:${C.error}}
.button{font:inherit;font-weight:600;padding:.5rem 1rem;border-radius:.5rem;border:0;background:${C.accent};color:${C.paper};cursor:pointer}
.button:hover{background:${C.accentDark}}
.field-error{color:${C.error};font-size:.9rem;margin:.4rem 0 0}
.zip-result{margin:.5rem 0 0;font-weight:500}
.menu>section{margin-bottom:2.5rem}
.category-head h2{font-size:1.6rem}
.category-head p{margin:.35rem 0 0;color:${C.muted}}
.category-image{display:block;width:100%;height:auto;aspect-ratio:16/5;object-fit:cover;border-radius:1rem;margin-top:1rem;background:${C.line}}
.items{list-style:none;margin:1rem 0 0;padding:0;display:grid;gap:.75rem}
@media (min-width:40em){.items{grid-template-columns:repeat(auto-fill,minmax(17rem,1fr))}}
.item{display:flex;gap:1rem;justify-content:space-between;background:${C.paper};border:1px solid ${C.line};border-radius:1rem;padding:1rem}
.item h3{font-size:1.05rem}
.item p{margin:.3rem 0 0}
.item .desc{color:${C.muted};font-size:.925rem}
.price{font-weight:700}
.sold-out-note{color:${C.muted};font-size:.9rem;margin:.2rem 0}
.sold-out-note strong{color:${C.ink}}
.item.sold-out h3,.item.sold-out .price{color:${C.muted}}
.prices{list-style:none;margin:.4rem 0 0;padding:0;display:flex;flex-wrap:wrap;gap:.25rem .9rem;font-size:.925rem}
.prices b{margin-left:.3rem}
.item img{width:6rem;height:6rem;border-radius:.75rem;object-fit:cover;flex:none;background:${C.line}}
.more{margin-top:.6rem;font:inherit;font-size:.9rem;font-weight:600;color:${C.accent};background:none;border:1px solid ${C.border};border-radius:999px;padding:.25rem .8rem;cursor:pointer}
.more:hover{border-color:${C.accent}}
.more[hidden]{display:inline-block;visibility:hidden}
dialog{border:0;border-radius:1rem;padding:0;width:min(32rem,calc(100vw - 2rem));max-height:calc(100vh - 2rem);color:${C.ink}}
dialog::backdrop{background:rgba(20,12,8,.6)}
.dialog-body{padding:1.25rem}
.dialog-body h2{font-size:1.35rem;padding-right:2.5rem;margin-bottom:.75rem}
.dialog-body h3{font-size:1rem;margin:1.1rem 0 .3rem}
.dialog-body li{display:flex;justify-content:space-between;gap:1rem;padding:.25rem 0;border-bottom:1px solid ${C.lineSoft}}
.close{position:absolute;top:.75rem;right:.75rem;width:2.25rem;height:2.25rem;border-radius:50%;border:1px solid ${C.border};background:${C.paper};font-size:1.25rem;line-height:1;cursor:pointer;color:${C.ink}}
.site-footer{background:${C.header};color:${C.headerMuted};padding:1.5rem 0;font-size:.9rem}
.site-footer a{color:${C.headerText}}
.site-footer p{margin:.25rem 0}
.hero-name{margin:0;font-size:1.5rem;font-weight:700}
.hero-name a{text-decoration:none}
.field{margin:0 0 1rem}
.field label{display:block;font-weight:600;margin-bottom:.3rem}
.field input,.field textarea,.field select{display:block;width:100%;font:inherit;padding:.5rem .75rem;border:1px solid ${C.control};border-radius:.5rem;background:${C.paper};color:${C.ink}}
.field [aria-invalid="true"]{border-color:${C.error}}
.choices{border:0;margin:0 0 1rem;padding:0;min-width:0}
.choices legend{font-weight:600;padding:0;margin-bottom:.3rem}
.choices .muted{margin:0 0 .3rem}
.choice{display:flex;align-items:center;gap:.6rem;padding:.45rem .25rem;border-bottom:1px solid ${C.lineSoft};cursor:pointer}
.choice input{width:1.15rem;height:1.15rem;margin:0;flex:none;accent-color:${C.accent}}
.choice span:nth-child(2){flex:1}
.order-form{margin-top:1rem}
.button.wide{display:block;width:100%;padding:.7rem 1rem}
.button.secondary{background:${C.paper};color:${C.accent};border:1px solid ${C.accent}}
.button.secondary:hover{background:${C.accentSoft}}
.apply{display:flex;flex-wrap:wrap;align-items:flex-start;gap:.5rem;margin:0 0 1rem}
.apply .field{flex:1 1 10rem;margin:0}
.apply .button{margin-top:1.85rem}
.button[aria-disabled="true"]{background:${C.control};cursor:not-allowed}
.actions{display:flex;flex-wrap:wrap;justify-content:space-between;gap:.5rem;margin-top:1rem}
.alert{background:${C.closedBack};color:${C.closedText};border-radius:.5rem;padding:.6rem .8rem;margin:.75rem 0 0}
.pause-note{background:${C.closedBack};color:${C.closedText};border-radius:.5rem;padding:.6rem .8rem;margin:.75rem 0 0;font-weight:600}
.cart-button{position:fixed;left:50%;bottom:1rem;transform:translateX(-50%);z-index:20;max-width:calc(100vw - 2rem);font:inherit;font-weight:700;padding:.8rem 1.4rem;border:0;border-radius:999px;background:${C.accent};color:${C.paper};box-shadow:0 6px 20px rgba(20,12,8,.3);cursor:pointer}
body:has(.cart-button:not([hidden])){padding-bottom:5rem}
.cart-lines{margin:.75rem 0}
.dialog-body .cart-line,.tracking .cart-line{display:flex;justify-content:space-between;gap:1rem;padding:.6rem 0;border-bottom:1px solid ${C.lineSoft}}
.line-main{display:flex;flex-direction:column;gap:.2rem;min-width:0}
.line-side{display:flex;flex-direction:column;align-items:flex-end;gap:.3rem;white-space:nowrap}
.line-extras{margin:0}
.flagged strong{color:${C.muted}}
.quantity{display:flex;align-items:center;gap:.5rem;margin-top:.3rem}
.field .quantity{margin:0}
.field .quantity input{width:4rem;text-align:center;-moz-appearance:textfield}
.field .quantity input::-webkit-inner-spin-button,.field .quantity input::-webkit-outer-spin-button{-webkit-appearance:none;margin:0}
.step{width:2.25rem;height:2.25rem;border-radius:50%;border:1px solid ${C.control};background:${C.paper};font:inherit;font-weight:700;cursor:pointer;color:${C.ink}}
.step:disabled{opacity:.45;cursor:not-allowed}
.count{min-width:1.5rem;text-align:center;font-weight:600}
.link-button{font:inherit;font-size:.9rem;background:none;border:0;padding:.25rem;color:${C.accent};text-decoration:underline;cursor:pointer}
.dialog-body .subtotal,.tracking .subtotal{display:flex;justify-content:space-between;gap:1rem;margin:.4rem 0}
.pay{font-weight:600}
.dialog-body .terms li{display:block;border:0}
.tracking{padding-top:1.5rem;padding-bottom:3rem;max-width:40rem}
.tracking h1{font-size:1.8rem}
.tracking h2{font-size:1.2rem;margin:1.5rem 0 .5rem}
.order-status{font-size:1.25rem;font-weight:700;color:${C.openText};margin:.75rem 0 .25rem}
.order-status[data-status=cancelled],.order-status[data-status=expired]{color:${C.cancelled}}
.order-status[data-status=awaiting_payment]{color:${C.ink}}
.timeline{margin:0;padding-left:1.25rem}
.timeline time{font-variant-numeric:tabular-nums;font-weight:600}
@media (prefers-reduced-motion:no-preference){html{scroll-behavior:smooth}}
`
  .trim()
  .replace(/\n/g, '');
