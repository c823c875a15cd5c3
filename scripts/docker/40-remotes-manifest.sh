#!/bin/sh
# Writes the shell's run-time remotes manifest from the environment, so a remote can move or be
# redeployed without rebuilding the shell.
set -eu
mkdir -p /tmp/runtime
manifest_url() {
  case "$1" in
    *.json|*.js) printf '%s' "$1" ;;
    *) printf '%s/mf-manifest.json' "${1%/}" ;;
  esac
}
cat > /tmp/runtime/remotes.json <<JSON
{
  "mfe_storefront": "$(manifest_url "${REMOTE_STOREFRONT_URL:?REMOTE_STOREFRONT_URL is required}")",
  "mfe_account": "$(manifest_url "${REMOTE_ACCOUNT_URL:?REMOTE_ACCOUNT_URL is required}")",
  "mfe_backoffice": "$(manifest_url "${REMOTE_BACKOFFICE_URL:?REMOTE_BACKOFFICE_URL is required}")"
}
JSON

# The page carries the same manifest inline (scripts/serve/remotesBootstrap.ts writes the identical script
# for `npm start`): no /remotes.json round trip before the first page, and the page's remote manifest preloaded.
EV_REMOTES_SCRIPT='<script>(function(r){window.__evRemotes=r;var p=location.pathname;var n=/^\/(auth|profile|dashboard|my-vehicles|maintenance-history|orders)(\/|$)/.test(p)?'"'"'mfe_account'"'"':/^\/(staff|manager|technician|admin)(\/|$)/.test(p)?'"'"'mfe_backoffice'"'"':'"'"'mfe_storefront'"'"';if(!r||typeof r[n]!=='"'"'string'"'"')return;var l=document.createElement('"'"'link'"'"');l.rel='"'"'preload'"'"';l.setAttribute('"'"'as'"'"','"'"'fetch'"'"');l.setAttribute('"'"'crossorigin'"'"','"'"'anonymous'"'"');l.href=r[n];document.head.appendChild(l)})('"$(tr -d '\n' < /tmp/runtime/remotes.json)"')</script>'
export EV_REMOTES_SCRIPT
awk '{ i = index($0, "<title>"); if (i && !done) { $0 = substr($0, 1, i - 1) ENVIRON["EV_REMOTES_SCRIPT"] substr($0, i); done = 1 } print }' \
  /usr/share/nginx/html/index.html > /tmp/runtime/index.html
