package directive_test

import (
	"go/ast"
	"go/token"
	"strings"
	"testing"
	"unicode"

	"github.com/fencecheck/fencecheck/internal/directive"
)

var rules = []string{"unfenced", "preflight", "clientcompare", "weakguard", "uncheckedfence"}

// comment returns a comment with text at an arbitrary valid position.
func comment(text string) *ast.Comment {
	return &ast.Comment{Slash: 100, Text: text}
}

func TestParse(t *testing.T) {
	const verbs = "acquire, handler, sink, guarded, probe, release, idempotent, ignore"
	for _, tt := range []struct {
		text    string
		want    directive.Directive // Pos and End are checked separately
		notDir  bool                // not a directive at all
		wantErr string
	}{
		// Not directives.
		{text: "// fencecheck:sink", notDir: true},
		{text: "//  fencecheck:sink", notDir: true},
		{text: "//\tfencecheck:sink", notDir: true},
		{text: "// fencecheck: foo", notDir: true},
		{text: "//fencecheck", notDir: true},
		{text: "//fencecheck sink", notDir: true},
		{text: "//fencecheckx:sink", notDir: true},
		{text: "//FenceCheck:sink", notDir: true},
		{text: "//go:noinline", notDir: true},
		{text: "/*fencecheck:sink*/", notDir: true},
		{text: "//", notDir: true},
		{text: "", notDir: true},

		// Verbs without arguments.
		{text: "//fencecheck:acquire", want: directive.Directive{Verb: directive.Acquire}},
		{text: "//fencecheck:handler", want: directive.Directive{Verb: directive.Handler}},
		{text: "//fencecheck:sink", want: directive.Directive{Verb: directive.Sink}},
		{text: "//fencecheck:probe", want: directive.Directive{Verb: directive.Probe}},
		{text: "//fencecheck:release", want: directive.Directive{Verb: directive.Release}},
		{text: "//fencecheck:sink   ", want: directive.Directive{Verb: directive.Sink}},
		{text: "//fencecheck:sink\t", want: directive.Directive{Verb: directive.Sink}},
		{text: "//fencecheck:sink\r", want: directive.Directive{Verb: directive.Sink}},
		{text: "//fencecheck:acquire foo", wantErr: `fencecheck:acquire takes no arguments, got "foo"`},
		{text: "//fencecheck:handler\tfoo bar ", wantErr: `fencecheck:handler takes no arguments, got "foo bar"`},
		{text: "//fencecheck:sink // writes rows", wantErr: `fencecheck:sink takes no arguments, got "// writes rows"`},
		{text: "//fencecheck:probe x", wantErr: `fencecheck:probe takes no arguments, got "x"`},
		{text: "//fencecheck:release x", wantErr: `fencecheck:release takes no arguments, got "x"`},

		// guarded.
		{text: "//fencecheck:guarded token=tok", want: directive.Directive{Verb: directive.Guarded, Token: "tok"}},
		{text: "//fencecheck:guarded\ttoken=fenceToken\t ", want: directive.Directive{Verb: directive.Guarded, Token: "fenceToken"}},
		{text: "//fencecheck:guarded token=τ", want: directive.Directive{Verb: directive.Guarded, Token: "τ"}},
		{text: "//fencecheck:guarded", wantErr: "fencecheck:guarded needs token=PARAM"},
		{text: "//fencecheck:guarded   ", wantErr: "fencecheck:guarded needs token=PARAM"},
		{text: "//fencecheck:guarded token=", wantErr: "fencecheck:guarded needs token=PARAM, got an empty parameter name"},
		{text: "//fencecheck:guarded token = tok", wantErr: `fencecheck:guarded needs token=PARAM, got "token"`},
		{text: "//fencecheck:guarded tok", wantErr: `fencecheck:guarded needs token=PARAM, got "tok"`},
		{text: "//fencecheck:guarded Token=tok", wantErr: `fencecheck:guarded needs token=PARAM, got "Token=tok"`},
		{text: "//fencecheck:guarded token=1x", wantErr: `fencecheck:guarded token="1x" is not a Go identifier`},
		{text: "//fencecheck:guarded token=a.b", wantErr: `fencecheck:guarded token="a.b" is not a Go identifier`},
		{text: "//fencecheck:guarded token=func", wantErr: `fencecheck:guarded token="func" is not a Go identifier`},
		{text: "//fencecheck:guarded token=_", wantErr: "fencecheck:guarded token=_ names no parameter; name the token parameter"},
		{text: "//fencecheck:guarded token=tok extra", wantErr: `fencecheck:guarded takes only token=PARAM, got extra "extra"`},
		{text: "//fencecheck:guarded token=a token=b", wantErr: `fencecheck:guarded takes only token=PARAM, got extra "token=b"`},

		// idempotent.
		{text: "//fencecheck:idempotent keyed by job id", want: directive.Directive{Verb: directive.Idempotent, Reason: "keyed by job id"}},
		{text: "//fencecheck:idempotent \t  upsert  of  the same row \t", want: directive.Directive{Verb: directive.Idempotent, Reason: "upsert  of  the same row"}},
		{text: "//fencecheck:idempotent", wantErr: "fencecheck:idempotent needs a reason: //fencecheck:idempotent <why duplicate or late writes are harmless>"},
		{text: "//fencecheck:idempotent  \t ", wantErr: "fencecheck:idempotent needs a reason: //fencecheck:idempotent <why duplicate or late writes are harmless>"},

		// ignore.
		{text: "//fencecheck:ignore unfenced the row is keyed by job id", want: directive.Directive{Verb: directive.Ignore, Rule: "unfenced", Reason: "the row is keyed by job id"}},
		{text: "//fencecheck:ignore unfenced  reason with spaces", want: directive.Directive{Verb: directive.Ignore, Rule: "unfenced", Reason: "reason with spaces"}},
		{text: "//fencecheck:ignore\tweakguard\tx ", want: directive.Directive{Verb: directive.Ignore, Rule: "weakguard", Reason: "x"}},
		{text: "//fencecheck:ignore uncheckedfence see ABC-123: retried", want: directive.Directive{Verb: directive.Ignore, Rule: "uncheckedfence", Reason: "see ABC-123: retried"}},
		{text: "//fencecheck:ignore", wantErr: "fencecheck:ignore needs a rule and a reason: //fencecheck:ignore RULE <why this is safe>"},
		{text: "//fencecheck:ignore unfenced", wantErr: "fencecheck:ignore needs a reason: //fencecheck:ignore unfenced <why this write is safe>"},
		{text: "//fencecheck:ignore unfenced   ", wantErr: "fencecheck:ignore needs a reason: //fencecheck:ignore unfenced <why this write is safe>"},
		{text: "//fencecheck:ignore unfencd reason", wantErr: `unknown rule "unfencd" in fencecheck:ignore (want one of unfenced, preflight, clientcompare, weakguard, uncheckedfence)`},
		{text: "//fencecheck:ignore Unfenced reason", wantErr: `unknown rule "Unfenced" in fencecheck:ignore (want one of unfenced, preflight, clientcompare, weakguard, uncheckedfence)`},
		{text: "//fencecheck:ignore unfenced,preflight reason", wantErr: `unknown rule "unfenced,preflight" in fencecheck:ignore (want one of unfenced, preflight, clientcompare, weakguard, uncheckedfence)`},

		// Unknown and missing verbs.
		{text: "//fencecheck:acqire", wantErr: `unknown fencecheck directive "acqire" (want one of ` + verbs + `)`},
		{text: "//fencecheck:Sink", wantErr: `unknown fencecheck directive "Sink" (want one of ` + verbs + `)`},
		{text: "//fencecheck:sink:x", wantErr: `unknown fencecheck directive "sink:x" (want one of ` + verbs + `)`},
		{text: "//fencecheck:nolint unfenced", wantErr: `unknown fencecheck directive "nolint" (want one of ` + verbs + `)`},
		{text: "//fencecheck:", wantErr: `fencecheck directive needs a verb right after "//fencecheck:" (want one of ` + verbs + `)`},
		{text: "//fencecheck: sink", wantErr: `fencecheck directive needs a verb right after "//fencecheck:" (want one of ` + verbs + `)`},
	} {
		c := comment(tt.text)
		d, ok, err := directive.Parse(c, rules)
		switch {
		case tt.notDir:
			if ok || err != nil {
				t.Errorf("Parse(%q) = %+v, %v, %+v; want not a directive", tt.text, d, ok, err)
			}
		case tt.wantErr != "":
			if ok || err == nil || err.Message != tt.wantErr {
				t.Errorf("Parse(%q) = %+v, %v, %+v; want error %q", tt.text, d, ok, err, tt.wantErr)
			}
		default:
			if !ok || err != nil {
				t.Errorf("Parse(%q) = %v, %+v; want %+v", tt.text, ok, err, tt.want)
				continue
			}
			if d.Pos != c.Pos() || d.End != c.End() {
				t.Errorf("Parse(%q) extent = [%d, %d), want [%d, %d)", tt.text, d.Pos, d.End, c.Pos(), c.End())
			}
			d.Pos, d.End = 0, 0
			if d != tt.want {
				t.Errorf("Parse(%q) = %+v, want %+v", tt.text, d, tt.want)
			}
		}
	}
}

func TestParseNoRules(t *testing.T) {
	_, ok, err := directive.Parse(comment("//fencecheck:ignore unfenced reason"), nil)
	const want = `unknown rule "unfenced" in fencecheck:ignore (no rules are known)`
	if ok || err == nil || err.Message != want {
		t.Errorf("Parse with no rules = %v, %+v; want error %q", ok, err, want)
	}
	// Other verbs do not need rules.
	if _, ok, err := directive.Parse(comment("//fencecheck:sink"), nil); !ok || err != nil {
		t.Errorf("Parse(sink) with no rules = %v, %+v; want ok", ok, err)
	}
}

// TestErrorSpan checks that errors point at the offending text.
func TestErrorSpan(t *testing.T) {
	for _, tt := range []struct {
		text, span string
	}{
		{"//fencecheck:acqire", "acqire"},
		{"//fencecheck:", ""},
		{"//fencecheck:sink  extra words  ", "extra words"},
		{"//fencecheck:guarded", "guarded"},
		{"//fencecheck:guarded token=1x", "token=1x"},
		{"//fencecheck:guarded token=t  more", "more"},
		{"//fencecheck:idempotent", "idempotent"},
		{"//fencecheck:ignore", "ignore"},
		{"//fencecheck:ignore nope why", "nope"},
		{"//fencecheck:ignore unfenced ", "ignore unfenced"},
	} {
		c := comment(tt.text)
		_, _, err := directive.Parse(c, rules)
		if err == nil {
			t.Errorf("Parse(%q): no error", tt.text)
			continue
		}
		got := tt.text[err.Pos-c.Pos() : err.End-c.Pos()]
		if got != tt.span {
			t.Errorf("Parse(%q) error spans %q, want %q", tt.text, got, tt.span)
		}
	}
}

func TestNoPos(t *testing.T) {
	_, _, err := directive.Parse(&ast.Comment{Text: "//fencecheck:bogus"}, rules)
	if err == nil || err.Pos != token.NoPos || err.End != token.NoPos {
		t.Errorf("Parse of a comment without position = %+v; want an error without position", err)
	}
}

func TestVerb(t *testing.T) {
	for v, want := range map[directive.Verb]string{
		directive.Acquire:    "acquire",
		directive.Handler:    "handler",
		directive.Sink:       "sink",
		directive.Guarded:    "guarded",
		directive.Probe:      "probe",
		directive.Release:    "release",
		directive.Idempotent: "idempotent",
		directive.Ignore:     "ignore",
		0:                    "Verb(0)",
		99:                   "Verb(99)",
	} {
		if got := v.String(); got != want {
			t.Errorf("Verb(%d).String() = %q, want %q", int(v), got, want)
		}
		if got, want := v.OnFunc(), v >= directive.Acquire && v < directive.Ignore; got != want {
			t.Errorf("%v.OnFunc() = %v, want %v", v, got, want)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"// fencecheck:sink",
		"//fencecheck:",
		"//fencecheck:acquire",
		"//fencecheck:handler",
		"//fencecheck:sink",
		"//fencecheck:probe",
		"//fencecheck:release x",
		"//fencecheck:guarded token=tok",
		"//fencecheck:guarded token=1x",
		"//fencecheck:guarded token=",
		"//fencecheck:idempotent reason",
		"//fencecheck:ignore unfenced reason with spaces",
		"//fencecheck:ignore unfenced",
		"//fencecheck:ignore bogus r",
		"//fencecheck:\xff\t\r",
		"//fencecheck:guarded token=\xc0",
		"/*fencecheck:sink*/",
	} {
		f.Add(s, uint32(1))
		f.Add(s, uint32(0))
	}
	f.Fuzz(func(t *testing.T, text string, slash uint32) {
		c := &ast.Comment{Slash: token.Pos(slash), Text: text}
		d, ok, err := directive.Parse(c, rules)
		switch {
		case !strings.HasPrefix(text, directive.Prefix):
			if ok || err != nil {
				t.Fatalf("Parse(%q) = %v, %+v on a non-directive", text, ok, err)
			}
		case ok:
			if err != nil {
				t.Fatalf("Parse(%q): ok with error %+v", text, err)
			}
			if d.Verb < directive.Acquire || d.Verb > directive.Ignore {
				t.Fatalf("Parse(%q): bad verb %d", text, d.Verb)
			}
			if d.Reason != strings.Trim(d.Reason, " \t\r\n\v\f") {
				t.Fatalf("Parse(%q): reason %q not trimmed", text, d.Reason)
			}
			if (d.Verb == directive.Idempotent || d.Verb == directive.Ignore) && d.Reason == "" {
				t.Fatalf("Parse(%q): %v without reason", text, d.Verb)
			}
			if d.Verb == directive.Guarded && !token.IsIdentifier(d.Token) {
				t.Fatalf("Parse(%q): bad token %q", text, d.Token)
			}
		case err == nil:
			t.Fatalf("Parse(%q): a fencecheck comment is neither a directive nor an error", text)
		default:
			m := err.Message
			if m == "" || strings.ContainsAny(m, "\n\r") || unicode.IsUpper([]rune(m)[0]) {
				t.Fatalf("Parse(%q): bad message %q", text, m)
			}
			if c.Slash.IsValid() && (err.Pos < c.Pos() || err.End > c.End() || err.Pos > err.End) {
				t.Fatalf("Parse(%q): error span [%d, %d) outside comment [%d, %d)", text, err.Pos, err.End, c.Pos(), c.End())
			}
		}
	})
}
