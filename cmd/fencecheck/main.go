// Command fencecheck finds writes made under a lease without a fencing
// token.
//
// It runs in two ways. As a go vet tool:
//
//	go vet -vettool=$(command -v fencecheck) ./...
//
// and on its own, which runs the same analysis through go vet and prints
// the findings:
//
//	fencecheck [flags] [packages]
//
// On its own it reads the project's settings from .fencecheck.yaml (the
// nearest one from the current directory up to the module root, or
// -config FILE) and passes them to the analyzers as flags;
// fencecheck -print-flags prints them for go vet -vettool.
//
// Exit status: 0 when there is nothing to report, 3 when there are
// findings, 1 on an error (bad flags, packages that do not load or build,
// an analysis that failed). With -format=json the status is 0 or 1, as for
// go vet -json. With -baseline, 3 means new findings. With -leases and
// -why it is 0 or 1.
//
// Packages that do not load or build do not stop the others: fencecheck
// analyses every package that loads, prints its findings, names each
// package it could not analyse with the first error on standard error,
// and exits 1.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/fencecheck/fencecheck/analyzer"
	"github.com/fencecheck/fencecheck/internal/configfile"
	"github.com/fencecheck/fencecheck/internal/driver"
	"github.com/fencecheck/fencecheck/internal/vetjson"
	"github.com/fencecheck/fencecheck/passes/model"
)

// Exit codes.
const (
	exitClean    = 0
	exitError    = 1
	exitFindings = 3
)

func main() {
	model.ReadEmbedded = readEmbedded
	if vetProtocol(os.Args[1:]) {
		args, debug := takeDebugFlags(os.Args[1:]) // debug.go
		os.Args = append(os.Args[:1], args...)
		unitchecker.Main(debug.install(vetSuite(args))...) // leases.go
		return                                             // not reached
	}
	os.Exit(run(analyzer.Suite(), os.Args[1:], os.Stdout, os.Stderr))
}

// maxEmbedSize bounds the embedded files the analysis reads.
const maxEmbedSize = 256 << 10

// readEmbedded reads a file a //go:embed directive names, for the model
// pass (model.ReadEmbedded): a regular file of at most maxEmbedSize bytes.
func readEmbedded(path string) ([]byte, bool) {
	info, err := os.Stat(path)
	if err != nil || !info.Mode().IsRegular() || info.Size() > maxEmbedSize {
		return nil, false
	}
	b, err := os.ReadFile(path)
	return b, err == nil
}

// vetProtocol reports whether the go command invoked the binary as a vet
// tool: to describe itself (-V=full, -flags) or to analyse one package
// described by a *.cfg file.
func vetProtocol(args []string) bool {
	for _, a := range args {
		if a == "-V=full" || a == "--V=full" || a == "-flags" || a == "--flags" {
			return true
		}
	}
	return len(args) > 0 && strings.HasSuffix(args[len(args)-1], ".cfg")
}

// run is the standalone driver; it returns the exit code.
func run(suite []*analysis.Analyzer, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("fencecheck", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := registerOutputFlags(fs)
	backend := fs.String("driver", "vet", "how packages are loaded: vet (go vet -vettool, cached, package by package) or packages (go/packages, one process)")
	tests := fs.Bool("test", true, "analyse test files too (packages driver; go vet always does)")
	tags := fs.String("tags", "", "comma-separated build tags")
	configFile := fs.String("config", "", "read the project's settings from `file` (default: the nearest "+configfile.FileName+" from the current directory up to the module root; off: none)")
	printFlags := fs.Bool("print-flags", false, "print the analyzer flags the configuration file and the command line amount to, one a line, for go vet -vettool, and exit")
	sel := registerAnalyzerFlags(fs, suite)
	inv := registerInventoryFlags(fs)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: fencecheck [flags] [packages]\n\nFinds writes made under a lease without a fencing token.\nRun it in a module: fencecheck ./...\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return exitClean
		}
		return exitError
	}
	if applied, err := applyConfig(fs, suite, *configFile); err != nil {
		fmt.Fprintf(stderr, "fencecheck: %v\n", err)
		return exitError
	} else if applied {
		// The command line again, so that its values override the
		// file's (lists of functions add up).
		if err := fs.Parse(args); err != nil {
			return exitError
		}
	}
	if *printFlags {
		for _, f := range sel.vetFlags(fs) {
			fmt.Fprintln(stdout, f)
		}
		return exitClean
	}
	if err := out.validate(*backend); err != nil {
		fmt.Fprintf(stderr, "fencecheck: %v\n", err)
		return exitError
	}
	patterns := fs.Args()
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	opts := driver.Options{Patterns: patterns, Tests: *tests, Tags: *tags, SanityCheck: out.sanityCheck()}
	if inv.active() {
		if err := inv.validate(out); err != nil {
			fmt.Fprintf(stderr, "fencecheck: %v\n", err)
			return exitError
		}
		return runInventory(inv, out, *backend, sel.vetFlags(fs), opts, stdout, stderr)
	}

	var result *driver.Run
	var err error
	switch *backend {
	case "vet":
		self, exeErr := os.Executable()
		if exeErr != nil {
			fmt.Fprintf(stderr, "fencecheck: cannot find own executable: %v\n", exeErr)
			return exitError
		}
		result, err = driver.Vet(self, sel.vetFlags(fs), opts)
	case "packages":
		result, err = driver.Packages(sel.enabled(suite), opts)
	default:
		fmt.Fprintf(stderr, "fencecheck: unknown -driver %q (want vet or packages)\n", *backend)
		return exitError
	}
	if result == nil {
		result = &driver.Run{Tree: make(vetjson.Tree)}
	}
	if v := xtoolsVersion(); *backend == "vet" && len(result.Failed) > 0 && badUnitchecker(v) {
		fmt.Fprintf(stderr, "fencecheck: this binary was built with %s %s, whose go vet support rejects some valid code (a defined type over another package's interface with an unexported method); if the packages above build, install fencecheck with its own go.mod (go install github.com/fencecheck/fencecheck/cmd/fencecheck@VERSION) or use -driver=packages\n", xtoolsPath, v)
	}
	return out.report(suite, result, err, stdout, stderr)
}

// applyConfig reads the configuration file (path, or the one Find finds
// from the current directory; "off" for none) and sets its entries as
// flags of fs. It reports whether a file was read. Errors name the file
// and line.
func applyConfig(fs *flag.FlagSet, suite []*analysis.Analyzer, path string) (bool, error) {
	if path == "off" {
		return false, nil
	}
	if path == "" {
		wd, err := os.Getwd()
		if err != nil {
			return false, err
		}
		if path, err = configfile.Find(wd); err != nil || path == "" {
			return false, err
		}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return false, err
	}
	entries, err := configfile.ParseFile(path, data, suite)
	if err != nil {
		return false, err
	}
	for _, e := range entries {
		if err := fs.Set(e.Flag, e.Value); err != nil {
			return false, fmt.Errorf("%s:%d: %s: %v", path, e.Line, e.Flag, err)
		}
	}
	return true, nil
}
