package main

import (
	"flag"
	"fmt"
	"strconv"
	"strings"

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

// outputFlags are the flags that choose what the standalone driver does
// with its findings: the format, where it goes, the baseline, and fixes.
type outputFlags struct {
	format        string
	json          bool
	output        string
	baseline      string
	writeBaseline string
	fix           bool
	diff          bool
	debug         string
	root          string
	verbose       bool
}

// formats are the values -format accepts.
var formats = []string{"text", "json", "sarif", "github"}

// registerOutputFlags adds the output flags to fs.
func registerOutputFlags(fs *flag.FlagSet) *outputFlags {
	o := new(outputFlags)
	fs.StringVar(&o.format, "format", "text", "output format: text (file:line:col: message (rule)), json (go vet's JSON tree), sarif (SARIF 2.1.0, for code scanning) or github (GitHub Actions annotations)")
	fs.BoolVar(&o.json, "json", false, "same as -format=json")
	fs.StringVar(&o.output, "o", "", "write the output to `file` instead of standard output")
	fs.StringVar(&o.baseline, "baseline", "", "report only findings that are not in the baseline `file` (see -write-baseline)")
	fs.StringVar(&o.writeBaseline, "write-baseline", "", "record the current findings in the baseline `file` and exit 0; its paths are relative to the file's directory")
	fs.BoolVar(&o.fix, "fix", false, "apply the first suggested fix of each finding, then report the findings left")
	fs.BoolVar(&o.diff, "diff", false, "print the suggested fixes as a unified diff instead of applying them")
	fs.StringVar(&o.root, "root", "", "make file paths in SARIF and GitHub output relative to `dir` (default: the current directory); use the repository's top directory when running in a module below it")
	fs.BoolVar(&o.verbose, "v", false, "text output: under each finding, print its path a step a line (where the lease was taken, where the token came from or the check was made, the write)")
	fs.StringVar(&o.debug, "debug", "", "debugging: s = check that analysis facts encode deterministically (needs -driver=packages)")
	return o
}

// validate checks the output flags against each other and the driver.
func (o *outputFlags) validate(backend string) error {
	if o.json {
		o.format = "json"
	}
	known := false
	for _, f := range formats {
		known = known || o.format == f
	}
	if !known {
		return fmt.Errorf("unknown -format %q (want %s)", o.format, strings.Join(formats, ", "))
	}
	if o.baseline != "" && o.writeBaseline != "" {
		return fmt.Errorf("-baseline and -write-baseline cannot be used together")
	}
	if o.writeBaseline != "" && (o.fix || o.diff) {
		return fmt.Errorf("-write-baseline cannot be used with -fix or -diff")
	}
	if strings.Trim(o.debug, "s") != "" {
		return fmt.Errorf("unknown -debug %q (want s)", o.debug)
	}
	if o.debug != "" && backend != "packages" {
		return fmt.Errorf("-debug=s needs -driver=packages")
	}
	return nil
}

// sanityCheck reports whether -debug asks for the facts sanity check.
func (o *outputFlags) sanityCheck() bool { return strings.Contains(o.debug, "s") }
