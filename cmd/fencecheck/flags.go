package main

import (
	"flag"
	"strconv"

	"golang.org/x/tools/go/analysis"
)

// selection holds the per-analyzer enable flags. As in go vet, naming any
// analyzer with -NAME (=true) runs only the named ones; otherwise
// -NAME=false removes an analyzer.
type selection struct {
	flags map[string]*triState
	order []string
}

// triState is a boolean flag that remembers whether it was set.
type triState struct {
	set, value bool
}

// String implements flag.Value.
func (t *triState) String() string {
	if t == nil || !t.set {
		return "unset"
	}
	return strconv.FormatBool(t.value)
}

// Set implements flag.Value.
func (t *triState) Set(s string) error {
	v, err := strconv.ParseBool(s)
	if err != nil {
		return err
	}
	t.set, t.value = true, v
	return nil
}

// IsBoolFlag lets -NAME stand for -NAME=true.
func (t *triState) IsBoolFlag() bool { return true }

// registerAnalyzerFlags adds -NAME and -NAME.FLAG for every analyzer.
func registerAnalyzerFlags(fs *flag.FlagSet, suite []*analysis.Analyzer) *selection {
	sel := &selection{flags: make(map[string]*triState)}
	for _, a := range suite {
		t := new(triState)
		sel.flags[a.Name] = t
		sel.order = append(sel.order, a.Name)
		fs.Var(t, a.Name, "enable the "+a.Name+" analysis")
		a.Flags.VisitAll(func(f *flag.Flag) {
			fs.Var(f.Value, a.Name+"."+f.Name, f.Usage)
		})
	}
	return sel
}

// enabled returns the analyzers to run.
func (s *selection) enabled(suite []*analysis.Analyzer) []*analysis.Analyzer {
	only := false
	for _, t := range s.flags {
		if t.set && t.value {
			only = true
		}
	}
	var out []*analysis.Analyzer
	for _, a := range suite {
		t := s.flags[a.Name]
		if only && !(t.set && t.value) || !only && t.set && !t.value {
			continue
		}
		out = append(out, a)
	}
	return out
}

// vetFlags returns the analyzer flags set on the command line, to forward
// to go vet.
func (s *selection) vetFlags(fs *flag.FlagSet) []string {
	var out []string
	fs.Visit(func(f *flag.Flag) {
		if _, ok := s.flags[f.Name]; ok || isAnalyzerFlag(s, f.Name) {
			out = append(out, "-"+f.Name+"="+f.Value.String())
		}
	})
	return out
}

// isAnalyzerFlag reports whether name is NAME.FLAG for a known analyzer.
func isAnalyzerFlag(s *selection, name string) bool {
	for _, a := range s.order {
		if len(name) > len(a)+1 && name[:len(a)+1] == a+"." {
			return true
		}
	}
	return false
}
