package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/fencecheck/fencecheck/analyzer"
	"github.com/fencecheck/fencecheck/internal/driver"
	"github.com/fencecheck/fencecheck/internal/invdoc"
	"github.com/fencecheck/fencecheck/internal/report"
)

// The lease inventory: -leases lists what fencecheck understood, -why
// explains one line. Both run the fencecheck_inventory analyzer alone
// (under go vet: -fencecheck_inventory) and read its diagnostics.

// leasesMode is the value of -leases: "" (off), "scoped" or "all".
type leasesMode string

// String implements flag.Value.
func (l *leasesMode) String() string { return string(*l) }

// Set implements flag.Value: true or scoped lists the scopes and their
// writes, all the writes outside any scope too, false nothing.
func (l *leasesMode) Set(s string) error {
	switch strings.ToLower(s) {
	case "true", "scoped":
		*l = "scoped"
	case "all":
		*l = "all"
	case "false", "":
		*l = ""
	default:
		return fmt.Errorf("want -leases, -leases=all or -leases=false")
	}
	return nil
}

// IsBoolFlag lets -leases stand for -leases=true.
func (l *leasesMode) IsBoolFlag() bool { return true }

// inventoryFlags are -leases and -why.
type inventoryFlags struct {
	leases leasesMode
	why    string
}

// registerInventoryFlags adds -leases and -why to fs.
func registerInventoryFlags(fs *flag.FlagSet) *inventoryFlags {
	f := new(inventoryFlags)
	fs.Var(&f.leases, "leases", "print the lease inventory instead of the findings: every lease scope found, how it was recognised, its token, key and ends, and every write under it with its verdict, the silent ones included; -leases=all adds the writes made outside any scope (text or -format=json)")
	fs.StringVar(&f.why, "why", "", "explain the write at `FILE:LINE` (or the nearest call): its verdict or why it is silent, the scopes that reach it and the steps that carried the lease")
	return f
}

// active reports whether the inventory is asked for.
func (f *inventoryFlags) active() bool { return f.leases != "" || f.why != "" }

// parseWhy splits -why's FILE:LINE, the file made absolute.
func parseWhy(s string) (string, int, error) {
	i := strings.LastIndexByte(s, ':')
	if i <= 0 {
		return "", 0, fmt.Errorf("-why %q: want FILE:LINE", s)
	}
	line, err := strconv.Atoi(s[i+1:])
	if err != nil || line < 1 {
		return "", 0, fmt.Errorf("-why %q: want FILE:LINE with a line number", s)
	}
	file := s[:i]
	if j := strings.LastIndexByte(file, ':'); j > 0 {
		if _, err := strconv.Atoi(file[j+1:]); err == nil {
			// FILE:LINE:COL: the column is ignored.
			file, line = file[:j], mustAtoi(file[j+1:])
		}
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		return "", 0, err
	}
	return abs, line, nil
}

// mustAtoi converts digits already checked.
func mustAtoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// validate checks the output flags that make sense with the inventory.
func (f *inventoryFlags) validate(o *outputFlags) error {
	if o.format != "text" && o.format != "json" {
		return fmt.Errorf("-leases and -why print text or -format=json, not %s", o.format)
	}
	if o.baseline != "" || o.writeBaseline != "" || o.fix || o.diff {
		return fmt.Errorf("-leases and -why cannot be used with -baseline, -write-baseline, -fix or -diff")
	}
	if f.why != "" {
		if _, _, err := parseWhy(f.why); err != nil {
			return err
		}
	}
	return nil
}

// runInventory runs the inventory analyzer through the chosen driver and
// prints the inventory, or the answer of -why. It returns the exit code:
// 0, or 1 on an error.
func runInventory(f *inventoryFlags, o *outputFlags, backend string, vetFlags []string, opts driver.Options, stdout, stderr io.Writer) int {
	all := f.leases == "all" || f.why != ""
	inv := analyzer.Inventory()
	var run *driver.Run
	var err error
	switch backend {
	case "vet":
		self, exeErr := os.Executable()
		if exeErr != nil {
			fmt.Fprintf(stderr, "fencecheck: cannot find own executable: %v\n", exeErr)
			return exitError
		}
		flags := append(vetFlags, "-"+inv.Name+"=true")
		if all {
			flags = append(flags, "-"+inv.Name+".all=true")
		}
		if f.why != "" {
			flags = append(flags, "-"+inv.Name+".calls=true")
		}
		run, err = driver.Vet(self, flags, opts)
	case "packages":
		analyzer.EnableInventory(true)
		for name, on := range map[string]bool{"all": all, "calls": f.why != ""} {
			if err := inv.Flags.Set(name, strconv.FormatBool(on)); err != nil {
				fmt.Fprintf(stderr, "fencecheck: %v\n", err)
				return exitError
			}
		}
		run, err = driver.Packages([]*analysis.Analyzer{inv}, opts)
	default:
		fmt.Fprintf(stderr, "fencecheck: unknown -driver %q (want vet or packages)\n", backend)
		return exitError
	}
	code := exitClean
	if err != nil {
		fmt.Fprintf(stderr, "fencecheck: %v\n", err)
		code = exitError
	}
	tree := run.Tree
	for _, f := range run.Failed {
		fmt.Fprintf(stderr, "fencecheck: %s: not analysed: %s\n", f.Package, f.Err)
		code = exitError
	}
	for _, e := range analysisErrors(tree, run.Failed) {
		fmt.Fprintf(stderr, "fencecheck: %s\n", e)
		code = exitError
	}
	root, rerr := filepath.Abs(o.root)
	if rerr != nil {
		fmt.Fprintf(stderr, "fencecheck: %v\n", rerr)
		return exitError
	}
	files := report.NewFiles(root)
	rel := func(file string) string { r, _ := files.Rel(file); return r }
	doc := invdoc.Decode(tree.Findings(), inv.Name, rel)

	w := stdout
	if o.output != "" {
		out, err := os.Create(o.output)
		if err != nil {
			fmt.Fprintf(stderr, "fencecheck: %v\n", err)
			return exitError
		}
		defer func() {
			if err := out.Close(); err != nil {
				fmt.Fprintf(stderr, "fencecheck: %v\n", err)
			}
		}()
		w = out
	}
	var werr error
	if f.why != "" {
		file, line, _ := parseWhy(f.why)
		a := invdoc.Why(doc, file, line, fmt.Sprintf("%s:%d", rel(file), line))
		if o.format == "json" {
			werr = invdoc.WriteJSON(w, a.Document())
		} else {
			werr = invdoc.WriteWhy(w, a)
		}
	} else if o.format == "json" {
		werr = invdoc.WriteJSON(w, doc)
	} else {
		werr = invdoc.WriteText(w, doc)
	}
	if werr != nil {
		fmt.Fprintf(stderr, "fencecheck: writing output: %v\n", werr)
		code = exitError
	}
	return code
}

// vetSuite returns the analyzers of the go vet protocol for the tool's
// arguments: the suite, and the inventory analyzer when go vet asks the
// tool to describe itself (so that -fencecheck_inventory is a flag it
// knows) or the arguments name it. Naming it true (-fencecheck_inventory)
// also turns the engine's recording on; otherwise the inventory costs
// nothing.
func vetSuite(args []string) []*analysis.Analyzer {
	suite := analyzer.Suite()
	inv := analyzer.Inventory()
	named, on := false, false
	for _, a := range args {
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") {
			continue
		}
		switch {
		case name == inv.Name:
			named = true
			v := true
			if hasValue {
				v, _ = strconv.ParseBool(value)
			}
			on = v
		case strings.HasPrefix(name, inv.Name+"."):
			named = true
		case name == "flags" || name == "V":
			named = true
		}
	}
	if named {
		suite = append(suite, inv)
	}
	if on {
		analyzer.EnableInventory(true)
	}
	return suite
}
