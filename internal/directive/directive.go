// Package directive parses fencecheck directives: line comments of the
// form
//
//	//fencecheck:VERB args
//
// written, like //go: directives, with no space after the slashes. A
// comment such as "// fencecheck:sink" is ordinary prose and is not a
// directive.
//
// The verbs are:
//
//	//fencecheck:acquire              calling the function takes a lease; its
//	                                  fence.Token (or first integer) result is the token
//	//fencecheck:handler              the function's body runs under a lease
//	//fencecheck:sink                 calling the function is a sink write
//	//fencecheck:guarded token=NAME   the function performs a token-conditional
//	                                  write; parameter NAME is the token
//	//fencecheck:probe                the function is an ownership check (a preflight)
//	//fencecheck:release              calling the function releases the lease it is
//	                                  called on (an extension to the design's table)
//	//fencecheck:idempotent REASON    writes under the function cannot corrupt state
//	//fencecheck:ignore RULE REASON   suppress findings of RULE on one line
//
// This package only parses the text of a single comment; it knows nothing
// about where the comment sits. Attaching directives to functions and
// resolving ignore lines is done by the passes/directives analyzer.
package directive

import (
	"fmt"
	"go/ast"
	"go/token"
	"slices"
	"strings"
)

// Prefix is the text every directive comment starts with.
const Prefix = "//fencecheck:"

// Verb identifies the kind of a directive.
type Verb int

// The directive verbs.
const (
	Acquire    Verb = iota + 1 // //fencecheck:acquire
	Handler                    // //fencecheck:handler
	Sink                       // //fencecheck:sink
	Guarded                    // //fencecheck:guarded token=NAME
	Probe                      // //fencecheck:probe
	Release                    // //fencecheck:release
	Idempotent                 // //fencecheck:idempotent REASON
	Ignore                     // //fencecheck:ignore RULE REASON
)

// verbNames lists the verbs' spellings, indexed by Verb.
var verbNames = [...]string{
	Acquire:    "acquire",
	Handler:    "handler",
	Sink:       "sink",
	Guarded:    "guarded",
	Probe:      "probe",
	Release:    "release",
	Idempotent: "idempotent",
	Ignore:     "ignore",
}

// String returns the verb as it is written after "//fencecheck:".
func (v Verb) String() string {
	if v > 0 && int(v) < len(verbNames) {
		return verbNames[v]
	}
	return fmt.Sprintf("Verb(%d)", int(v))
}

// OnFunc reports whether the verb belongs on a function's doc comment.
// Every verb but Ignore does.
func (v Verb) OnFunc() bool {
	return v >= Acquire && v <= Idempotent
}

// A Directive is a well-formed fencecheck directive.
type Directive struct {
	Verb     Verb
	Pos, End token.Pos // extent of the comment
	Token    string    // Guarded: the name of the token parameter
	Rule     string    // Ignore: the rule suppressed
	Reason   string    // Idempotent, Ignore: the free-text reason
}

// An Error describes a malformed directive. Message is one lowercase line.
type Error struct {
	Pos, End token.Pos // the offending part of the comment
	Message  string
}

// Parse parses the comment c as a fencecheck directive. rules lists the
// rule names an ignore directive may name; with no rules, every ignore is
// an error.
//
// If c is not a fencecheck directive at all, Parse returns ok=false and a
// nil error. If it is one but is malformed, Parse returns ok=false and a
// non-nil error. Otherwise it returns the directive and ok=true.
func Parse(c *ast.Comment, rules []string) (d Directive, ok bool, err *Error) {
	text, found := strings.CutPrefix(c.Text, Prefix)
	if !found {
		return Directive{}, false, nil
	}
	p := parser{c: c, rest: text, off: len(Prefix)}
	verbOff, verb := len(Prefix), ""
	if text != "" && !isSpace(text[0]) {
		verbOff, verb = p.word()
	}
	d = Directive{Pos: c.Pos(), End: c.End()}
	switch verb {
	case "":
		return Directive{}, false, p.errorf(len(Prefix), len(Prefix),
			"fencecheck directive needs a verb right after %q (want one of %s)", Prefix, verbList())
	case "acquire", "handler", "sink", "probe", "release":
		d.Verb = verbOf(verb)
		err = p.noArgs(verb)
	case "guarded":
		d.Verb = Guarded
		d.Token, err = p.guardedToken(verbOff, verb)
	case "idempotent":
		d.Verb = Idempotent
		d.Reason, err = p.idempotent(verbOff, verb)
	case "ignore":
		d.Verb = Ignore
		d.Rule, d.Reason, err = p.ignore(verbOff, verb, rules)
	default:
		return Directive{}, false, p.errorf(verbOff, verbOff+len(verb),
			"unknown fencecheck directive %q (want one of %s)", verb, verbList())
	}
	if err != nil {
		return Directive{}, false, err
	}
	return d, true, nil
}

// verbOf returns the Verb spelt name, which must be one.
func verbOf(name string) Verb {
	return Verb(slices.Index(verbNames[:], name))
}

// verbList returns the verbs, comma-separated, for messages.
func verbList() string {
	return strings.Join(verbNames[1:], ", ")
}

// isSpace reports whether b separates words in a directive.
func isSpace(b byte) bool {
	return b == ' ' || b == '\t' || b == '\r' || b == '\n' || b == '\v' || b == '\f'
}

// A parser consumes the words of one directive comment.
type parser struct {
	c    *ast.Comment
	rest string // the text not yet consumed
	off  int    // byte offset of rest within c.Text
}

// word consumes and returns the next space-separated word and its offset in
// the comment text. At the end of the text it returns "".
func (p *parser) word() (int, string) {
	p.skipSpace()
	i := 0
	for i < len(p.rest) && !isSpace(p.rest[i]) {
		i++
	}
	off, w := p.off, p.rest[:i]
	p.rest, p.off = p.rest[i:], p.off+i
	return off, w
}

// skipSpace consumes leading white space.
func (p *parser) skipSpace() {
	i := 0
	for i < len(p.rest) && isSpace(p.rest[i]) {
		i++
	}
	p.rest, p.off = p.rest[i:], p.off+i
}

// remainder consumes the rest of the text and returns it without
// surrounding white space, with its offset in the comment text.
func (p *parser) remainder() (int, string) {
	p.skipSpace()
	i := len(p.rest)
	for i > 0 && isSpace(p.rest[i-1]) {
		i--
	}
	off, s := p.off, p.rest[:i]
	p.rest, p.off = "", p.off+len(p.rest)
	return off, s
}

// noArgs reports an error if anything follows a verb that takes no
// arguments.
func (p *parser) noArgs(verb string) *Error {
	if off, extra := p.remainder(); extra != "" {
		return p.errorf(off, off+len(extra), "fencecheck:%s takes no arguments, got %q", verb, extra)
	}
	return nil
}

// idempotent parses the REASON argument of an idempotent directive.
func (p *parser) idempotent(verbOff int, verb string) (string, *Error) {
	_, reason := p.remainder()
	if reason == "" {
		return "", p.errorf(verbOff, verbOff+len(verb),
			"fencecheck:idempotent needs a reason: %sidempotent <why duplicate or late writes are harmless>", Prefix)
	}
	return reason, nil
}

// guardedToken parses the "token=NAME" argument of a guarded directive.
func (p *parser) guardedToken(verbOff int, verb string) (string, *Error) {
	off, arg := p.word()
	if arg == "" {
		return "", p.errorf(verbOff, verbOff+len(verb), "fencecheck:guarded needs token=PARAM")
	}
	name, found := strings.CutPrefix(arg, "token=")
	switch {
	case !found:
		return "", p.errorf(off, off+len(arg), "fencecheck:guarded needs token=PARAM, got %q", arg)
	case name == "":
		return "", p.errorf(off, off+len(arg), "fencecheck:guarded needs token=PARAM, got an empty parameter name")
	case name == "_":
		return "", p.errorf(off, off+len(arg), "fencecheck:guarded token=_ names no parameter; name the token parameter")
	case !token.IsIdentifier(name):
		return "", p.errorf(off, off+len(arg), "fencecheck:guarded token=%q is not a Go identifier", name)
	}
	if off, extra := p.remainder(); extra != "" {
		return "", p.errorf(off, off+len(extra), "fencecheck:guarded takes only token=PARAM, got extra %q", extra)
	}
	return name, nil
}

// ignore parses the "RULE REASON" arguments of an ignore directive.
func (p *parser) ignore(verbOff int, verb string, rules []string) (rule, reason string, err *Error) {
	off, rule := p.word()
	switch {
	case rule == "":
		return "", "", p.errorf(verbOff, verbOff+len(verb),
			"fencecheck:ignore needs a rule and a reason: %signore RULE <why this is safe>", Prefix)
	case !slices.Contains(rules, rule):
		want := "no rules are known"
		if len(rules) > 0 {
			want = "want one of " + strings.Join(rules, ", ")
		}
		return "", "", p.errorf(off, off+len(rule), "unknown rule %q in fencecheck:ignore (%s)", rule, want)
	}
	if _, reason = p.remainder(); reason == "" {
		return "", "", p.errorf(verbOff, off+len(rule),
			"fencecheck:ignore needs a reason: %signore %s <why this write is safe>", Prefix, rule)
	}
	return rule, reason, nil
}

// errorf returns an Error spanning bytes [start, end) of the comment text.
func (p *parser) errorf(start, end int, format string, args ...any) *Error {
	return &Error{
		Pos:     p.pos(start),
		End:     p.pos(end),
		Message: fmt.Sprintf(format, args...),
	}
}

// pos converts a byte offset in the comment text to a position, clamped to
// the comment's extent. A comment without a position yields token.NoPos.
func (p *parser) pos(off int) token.Pos {
	if !p.c.Slash.IsValid() {
		return token.NoPos
	}
	off = max(0, min(off, len(p.c.Text)))
	return p.c.Slash + token.Pos(off)
}
