#!/bin/sh
# packaging/manpage.sh BINARY: prints fullbleed(1) in roff, written from the binary's own help (`--help`
# and `COMMAND --help`), so the man page lists exactly the commands, options and exit codes the tool has.
set -eu
bin=$1
version=$("$bin" --version | sed -n 's/^fullbleed \([^ ]*\).*/\1/p')

# roff text: backslashes, hyphens (\-: an ASCII hyphen, so options can be searched and pasted), and a
# leading . or ' that roff would read as a request.
escape() { sed -e 's/\\/\\e/g' -e 's/-/\\-/g' -e "s/^[.']/\\\\\\&&/"; }
# Option lines of a help text ("  -o, --out DIR   Output folder") as .TP entries: synopsis in bold.
options() {
    awk '/^Options:$/ { on = 1; next } on && /^$/ { on = 0 } on && /^  / {
        line = substr($0, 3); sub(/^ +/, "", line)
        split(line, parts, /  +/); synopsis = parts[1]
        desc = substr(line, length(synopsis) + 1); sub(/^ +/, "", desc)
        print ".TP"; print ".B " synopsis; print desc }' | escape_keep_requests
}
# Like escape, but leaves the .TP/.B requests options() wrote.
escape_keep_requests() { sed -e 's/\\/\\e/g' -e 's/-/\\-/g' -e "s/^'/\\\\\\&'/" -e '/^\.\(TP\|B \)/!s/^\./\\\&./'; }

general=$("$bin" --help)
summary=$(printf '%s\n' "$general" | sed -n '1s/^fullbleed [^:]*: //p')
commands=$(printf '%s\n' "$general" | awk '/^Commands:$/ { on = 1; next } on && /^$/ { exit } on { print $1 }')

cat <<ROFF
.TH FULLBLEED 1 "" "fullbleed $version" "User Commands"
.SH NAME
fullbleed \\- $(printf '%s\n' "$summary" | escape)
.SH SYNOPSIS
.B fullbleed
.I COMMAND
.RI [ OPTIONS ]
.RI [ ARGUMENTS ]
.br
.B fullbleed \\-\\-help
|
.B \\-\\-version
.SH DESCRIPTION
fullbleed turns a folder of photos into hero assets: content\\-aware crops that keep the subject whole and
out of the band under the status bar and toolbar, resampled tiers, background extensions and scrims,
toolbar legibility analysis and recommendations, placeholders, and one deterministic manifest.json.
Each command below prints its own help with
.BR "fullbleed COMMAND \\-\\-help" .
.SH COMMANDS
ROFF
for command in $commands; do
    help=$("$bin" "$command" --help)
    printf '.SS %s\n' "$command"
    printf '%s\n' "$help" | sed -n '1s/^Usage: //p' | escape | sed 's/^/.B /'
    printf '.PP\n'
    printf '%s\n' "$help" | sed -n '3p' | escape
    printf '%s\n' "$help" | options
done
cat <<ROFF
.SH OPTIONS
ROFF
printf '%s\n' "$general" | options
cat <<ROFF
.SH EXIT STATUS
ROFF
printf '%s\n' "$general" | awk '/^Exit codes:/ { on = 1 } on { sub(/^Exit codes: /, ""); sub(/^ +/, ""); text = text (text ? " " : "") $0 }
    END { print text }' | sed -e 's/\.$//' -e 's/, \([0-9]\) /\n\1 /g' | sed 's/^\([0-9]\) \(.*\)/.TP\n.B \1\n\2/' | escape_keep_requests
cat <<ROFF
.SH FILES
.TP
.I /usr/share/fullbleed/pipelines/
The pipelines that come with FullBleed, to copy and change
.RB ( ios\\-hero " and " web\\-hero
are also built in and can be named without a file).
.SH SEE ALSO
The documentation in the FullBleed repository (README.md and docs/).
ROFF
