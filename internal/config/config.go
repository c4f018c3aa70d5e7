// Package config holds the settings of the fencecheck suite: the flags of
// the root analyzer, read by the engine. Settings travel in flags, not in a
// file, because go vet caches results by flags and would not see a file;
// a project's .fencecheck.yaml (package configfile) is read by the
// standalone driver and turned into the same flags.
package config

import (
	"flag"
	"fmt"
	"go/types"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// Settings are the suite's flags.
type Settings struct {
	// Header is the HTTP header that carries the fencing token.
	Header string
	// Acquire, Release, Probe, Sink, Handler and Idempotent list
	// functions by full name ("pkg/path.Func", "(*pkg/path.Type).Method").
	Acquire, Release, Probe, Sink, Handler, Idempotent names
	// Guarded maps a function's full name to its token parameter index.
	Guarded guarded
	// ReportTests reports writes made in _test.go files too.
	ReportTests bool
}

// current holds the settings the flags write into.
var current = Settings{Header: "Fencing-Token", Guarded: guarded{}}

// mu guards reads of current against flag parsing in tests.
var mu sync.RWMutex

// Register adds the settings' flags to fs, named as the analyzer flags
// -fencecheck.NAME.
func Register(fs *flag.FlagSet) {
	fs.StringVar(&current.Header, "fencing-header", current.Header, "HTTP header that carries the fencing token; a request that sets it is a guarded write")
	fs.Var(&current.Acquire, "acquire", "comma-separated functions that take a lease, by full name: pkg/path.Func or (*pkg/path.Type).Method")
	fs.Var(&current.Release, "release", "comma-separated functions that release a lease")
	fs.Var(&current.Probe, "probe", "comma-separated functions that check ownership (preflight checks)")
	fs.Var(&current.Sink, "sink", "comma-separated functions that write to a sink without a guard")
	fs.Var(&current.Handler, "handler", "comma-separated functions whose body runs under a lease")
	fs.Var(&current.Idempotent, "idempotent", "comma-separated functions whose writes cannot corrupt state (as //fencecheck:idempotent)")
	fs.BoolVar(&current.ReportTests, "report-tests", false, "report writes made in _test.go files too (a lease a test takes never makes production code a lease scope)")
	fs.Var(&current.Guarded, "guarded", "comma-separated guarded writes as NAME:PARAM, PARAM the index of the token parameter: (*pkg/path.Store).Save:2")
}

// FencingHeader returns the header that carries the fencing token.
func FencingHeader() string {
	mu.RLock()
	defer mu.RUnlock()
	return current.Header
}

// ReportTests reports whether writes in _test.go files are reported.
func ReportTests() bool {
	mu.RLock()
	defer mu.RUnlock()
	return current.ReportTests
}

// Class is what the flags say a function does.
type Class struct {
	Acquire, Release, Probe, Sink, Handler, Idempotent bool
	// Guarded reports a guarded write; TokenParam is its token parameter.
	Guarded    bool
	TokenParam int
}

// Lookup returns what the flags say about the function with this full name.
func Lookup(fullName string) (Class, bool) {
	mu.RLock()
	defer mu.RUnlock()
	c := Class{
		Acquire: current.Acquire.has(fullName), Release: current.Release.has(fullName),
		Probe: current.Probe.has(fullName), Sink: current.Sink.has(fullName),
		Handler: current.Handler.has(fullName), Idempotent: current.Idempotent.has(fullName),
		TokenParam: -1,
	}
	if p, ok := current.Guarded[fullName]; ok {
		c.Guarded, c.TokenParam = true, p
	}
	return c, c.Acquire || c.Release || c.Probe || c.Sink || c.Handler || c.Idempotent || c.Guarded
}

// LookupFunc is Lookup for fn, by its full name, which it builds only
// when some flag names a function: most runs name none, and building the
// name of every called function costs.
func LookupFunc(fn *types.Func) (Class, bool) {
	if !namesAny() {
		return Class{TokenParam: -1}, false
	}
	return Lookup(fn.Origin().FullName())
}

// namesAny reports whether any flag names a function.
func namesAny() bool {
	mu.RLock()
	defer mu.RUnlock()
	return len(current.Acquire) > 0 || len(current.Release) > 0 || len(current.Probe) > 0 || len(current.Sink) > 0 ||
		len(current.Handler) > 0 || len(current.Idempotent) > 0 || len(current.Guarded) > 0
}

// names is a flag holding a set of function names.
type names map[string]bool

// has reports whether name is in the set.
func (n names) has(name string) bool { return n[name] }

// String implements flag.Value.
func (n *names) String() string {
	if n == nil {
		return ""
	}
	out := make([]string, 0, len(*n))
	for k := range *n {
		out = append(out, k)
	}
	sort.Strings(out)
	return strings.Join(out, ",")
}

// Set implements flag.Value; it adds to the set, so the flag may repeat.
func (n *names) Set(s string) error {
	mu.Lock()
	defer mu.Unlock()
	if *n == nil {
		*n = make(names)
	}
	for _, f := range splitList(s) {
		if err := checkName(f); err != nil {
			return err
		}
		(*n)[f] = true
	}
	return nil
}

// guarded is a flag mapping guarded functions to their token parameter.
type guarded map[string]int

// String implements flag.Value.
func (g *guarded) String() string {
	if g == nil {
		return ""
	}
	out := make([]string, 0, len(*g))
	for k, v := range *g {
		out = append(out, fmt.Sprintf("%s:%d", k, v))
	}
	sort.Strings(out)
	return strings.Join(out, ",")
}

// Set implements flag.Value.
func (g *guarded) Set(s string) error {
	mu.Lock()
	defer mu.Unlock()
	if *g == nil {
		*g = make(guarded)
	}
	for _, f := range splitList(s) {
		i := strings.LastIndexByte(f, ':')
		if i < 0 {
			return fmt.Errorf("guarded %q: want NAME:PARAM, PARAM the index of the token parameter", f)
		}
		p, err := strconv.Atoi(f[i+1:])
		if err != nil || p < 0 {
			return fmt.Errorf("guarded %q: parameter index %q is not a non-negative integer", f, f[i+1:])
		}
		if err := checkName(f[:i]); err != nil {
			return err
		}
		(*g)[f[:i]] = p
	}
	return nil
}

// splitList splits a comma-separated list at commas outside parentheses.
func splitList(s string) []string {
	var out []string
	depth, start := 0, 0
	for i, c := range s {
		switch c {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				if f := strings.TrimSpace(s[start:i]); f != "" {
					out = append(out, f)
				}
				start = i + 1
			}
		}
	}
	if f := strings.TrimSpace(s[start:]); f != "" {
		out = append(out, f)
	}
	return out
}

// checkName rejects names that cannot be a function's full name.
func checkName(name string) error {
	if strings.HasPrefix(name, "(") {
		if !strings.Contains(name, ").") {
			return fmt.Errorf("%q: a method is written (*pkg/path.Type).Method or (pkg/path.Type).Method", name)
		}
		return nil
	}
	if !strings.Contains(name, ".") || strings.ContainsAny(name, " \t()") {
		return fmt.Errorf("%q: a function is written pkg/path.Func", name)
	}
	return nil
}

// Mentions reports whether a flag names a function of the package path,
// so that a package importing it must be analysed.
func Mentions(path string) bool {
	mu.RLock()
	defer mu.RUnlock()
	for _, set := range []names{current.Acquire, current.Release, current.Probe, current.Sink, current.Handler, current.Idempotent} {
		for name := range set {
			if packageOf(name) == path {
				return true
			}
		}
	}
	for name := range current.Guarded {
		if packageOf(name) == path {
			return true
		}
	}
	return false
}

// packageOf returns the import path of a function's full name.
func packageOf(name string) string {
	if strings.HasPrefix(name, "(") {
		name = strings.TrimPrefix(strings.TrimPrefix(name, "("), "*")
		if i := strings.Index(name, ")"); i >= 0 {
			name = name[:i]
		}
	}
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		return name[:i]
	}
	return name
}

// NewLike returns a new, empty value of the same type as v when v is one
// of the flags that name functions (acquire, sink, guarded, …), so that a
// name can be checked without setting the flag; nil for other values.
func NewLike(v flag.Value) flag.Value {
	switch v.(type) {
	case *names:
		return new(names)
	case *guarded:
		return new(guarded)
	}
	return nil
}
