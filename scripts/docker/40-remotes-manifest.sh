#!/bin/sh
# Writes the shell's run-time remotes manifest from the environment, so a remote can move or be
# redeployed without rebuilding the shell; and the page's Content-Security-Policy, which names those
# remotes and the hash of the inline script below (nginx-shell.conf includes security-headers.conf).
# EV_HTML_ROOT and EV_RUNTIME_DIR are for its test (shell/test/securityHeaders.test.ts) only.
set -eu
html_root="${EV_HTML_ROOT:-/usr/share/nginx/html}"
runtime="${EV_RUNTIME_DIR:-/tmp/runtime}"
mkdir -p "$runtime"
manifest_url() {
  case "$1" in
    *.json|*.js) printf '%s' "$1" ;;
    *) printf '%s/mf-manifest.json' "${1%/}" ;;
  esac
}
storefront_url="$(manifest_url "${REMOTE_STOREFRONT_URL:?REMOTE_STOREFRONT_URL is required}")"
account_url="$(manifest_url "${REMOTE_ACCOUNT_URL:?REMOTE_ACCOUNT_URL is required}")"
backoffice_url="$(manifest_url "${REMOTE_BACKOFFICE_URL:?REMOTE_BACKOFFICE_URL is required}")"
cat > "$runtime/remotes.json" <<JSON
{
  "mfe_storefront": "$storefront_url",
  "mfe_account": "$account_url",
  "mfe_backoffice": "$backoffice_url"
}
JSON

# The page carries the same manifest inline (scripts/serve/remotesBootstrap.ts writes the identical script
# for `npm start`): no /remotes.json round trip before the first page, and the page's remote manifest preloaded.
EV_REMOTES_JS='(function(r){window.__evRemotes=r;var p=location.pathname;try{if(localStorage.getItem('"'"'authToken'"'"')||localStorage.getItem('"'"'token'"'"'))document.documentElement.setAttribute('"'"'data-ev-session'"'"','"'"''"'"')}catch(e){}var n=/^\/(auth|profile|dashboard|my-vehicles|maintenance-history|orders)(\/|$)/.test(p)?'"'"'mfe_account'"'"':/^\/(staff|manager|technician|admin)(\/|$)/.test(p)?'"'"'mfe_backoffice'"'"':'"'"'mfe_storefront'"'"';if(!r||typeof r[n]!=='"'"'string'"'"'||document.documentElement.hasAttribute('"'"'data-ev-first-view'"'"'))return;var l=document.createElement('"'"'link'"'"');l.rel='"'"'preload'"'"';l.setAttribute('"'"'as'"'"','"'"'fetch'"'"');l.setAttribute('"'"'crossorigin'"'"','"'"'anonymous'"'"');l.href=r[n];document.head.appendChild(l)})('"$(tr -d '\n' < "$runtime/remotes.json")"')'
EV_REMOTES_SCRIPT="<script>${EV_REMOTES_JS}</script>"
export EV_REMOTES_SCRIPT
awk '{ i = index($0, "<title>"); if (i && !done) { $0 = substr($0, 1, i - 1) ENVIRON["EV_REMOTES_SCRIPT"] substr($0, i); done = 1 } print }' \
  "$html_root/index.html" > "$runtime/index.html"

# The base64 SHA-256 of stdin, with busybox's sha256sum and awk (the image has no openssl).
sha256_base64() {
  sha256sum | cut -c1-64 | awk '
    BEGIN { hex = "0123456789abcdef"; b64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/" }
    {
      n = length($0) / 2
      for (i = 0; i < n; i++) byte[i] = (index(hex, substr($0, 2 * i + 1, 1)) - 1) * 16 + index(hex, substr($0, 2 * i + 2, 1)) - 1
      out = ""
      for (i = 0; i < n; i += 3) {
        v = byte[i] * 65536 + (i + 1 < n ? byte[i + 1] : 0) * 256 + (i + 2 < n ? byte[i + 2] : 0)
        out = out substr(b64, int(v / 262144) % 64 + 1, 1) substr(b64, int(v / 4096) % 64 + 1, 1)
        out = out (i + 1 < n ? substr(b64, int(v / 64) % 64 + 1, 1) : "=") (i + 2 < n ? substr(b64, v % 64 + 1, 1) : "=")
      }
      printf "%s", out
    }'
}
# scheme://host[:port] of an absolute http(s) URL, lower-case; nothing for a path (the shell's own origin).
origin_of() {
  case "$1" in
    http://*|https://*|HTTP://*|HTTPS://*) printf '%s\n' "$1" | sed 's#^\([A-Za-z][A-Za-z0-9+.-]*://[^/?#]*\).*$#\1#' | tr 'A-Z' 'a-z' ;;
  esac
}
origins="$({ origin_of "$storefront_url"; origin_of "$account_url"; origin_of "$backoffice_url"; } | awk 'NF && !seen[$0]++ { printf " %s", $0 }')"
script_hash="$(printf '%s' "$EV_REMOTES_JS" | sha256_base64)"
# The same policy as shellContentSecurityPolicy in scripts/serve/securityHeaders.ts (the test compares them).
gsi='https://accounts.google.com/gsi'
policy="default-src 'self'; script-src 'self'${origins} ${gsi}/client 'sha256-${script_hash}'; style-src 'self'${origins} ${gsi}/style 'unsafe-inline'; img-src 'self' data: blob:${origins}; font-src 'self' data:${origins}; connect-src 'self'${origins} ${gsi}/; frame-src ${gsi}/; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
cat > "$runtime/security-headers.conf" <<CONF
add_header Content-Security-Policy "$policy" always;
add_header X-Content-Type-Options "nosniff" always;
add_header X-Frame-Options "DENY" always;
add_header Referrer-Policy "strict-origin-when-cross-origin" always;
add_header Strict-Transport-Security \$strict_transport_security always;
CONF
