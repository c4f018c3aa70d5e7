// Command factdiff compares the facts two builds of a go vet tool export,
// package by package, on the same inputs, and what each costs.
//
// It works in two steps. Capture runs under go vet as the -vettool, in
// front of a tool, and keeps what go vet gives the tool for each package
// (the *.cfg file, the fact file the tool writes, its output, and the
// cgo-generated and other files in go vet's temporary directory, which go
// vet removes when it is done):
//
//	FACTDIFF_TOOL=/path/fencecheck FACTDIFF_DIR=/tmp/cap \
//	    go vet -vettool=$(command -v factdiff) ./...
//
// Replay then runs each package's analysis again, in the order capture
// saw them finish (dependencies first), with every tool named, on the
// same inputs: the dependencies' fact files are the ones the captured run
// wrote, so a difference shows in the package that makes it and nowhere
// else. It compares the fact files byte for byte (their encoding is
// deterministic: unitchecker sorts the facts, fencecheck's facts hold no
// maps), the tool's output and its exit status, and prints the packages
// that differ, with the decoded facts that differ when the tools support
// -debug-factdump (cmd/fencecheck does), and the user+system CPU time and
// peak RSS of each package's process:
//
//	factdiff replay -dir /tmp/cap [-rounds N] [-top N] [-floor TOOL] \
//	    [-flag F]... NAME=TOOL NAME=TOOL
//
// The first tool should be the one capture ran; the replay checks that it
// reproduces the captured fact files (a check that the inputs are
// complete and the encoding deterministic). -rounds runs each package N
// times per tool, alternating the tools, and keeps the least CPU time and
// RSS. -floor also replays a do-nothing tool (internal/tools/floor) on
// its own fact files, for the per-package floor. The full table is
// written to DIR/replay.tsv. scripts/factdiff.sh builds two revisions and
// runs both steps.
package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"time"
)

func main() {
	if dir := os.Getenv("FACTDIFF_DIR"); dir != "" && (len(os.Args) < 2 || os.Args[1] != "replay") {
		os.Exit(capture(dir, os.Getenv("FACTDIFF_TOOL"), os.Args[1:]))
	}
	if len(os.Args) < 2 || os.Args[1] != "replay" {
		fmt.Fprintln(os.Stderr, "usage: factdiff replay -dir DIR [-rounds N] [-top N] [-floor TOOL] [-flag F]... NAME=TOOL NAME=TOOL\n   or: FACTDIFF_DIR=DIR FACTDIFF_TOOL=TOOL go vet -vettool=factdiff ./...")
		os.Exit(2)
	}
	os.Exit(replay(os.Args[2:]))
}

// config is the part of unitchecker's *.cfg file factdiff reads; the
// file is rewritten as a map so that every other field stays as it was.
type config struct {
	ID           string
	ImportPath   string
	GoFiles      []string
	NonGoFiles   []string
	IgnoredFiles []string
	PackageFile  map[string]string
	PackageVetx  map[string]string
	VetxOnly     bool
	VetxOutput   string
	Stdout       string
}

// key names a package's directory in the capture.
func key(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:8])
}

// capture runs tool with args and, for a package analysis, saves its
// inputs and outputs under dir. It returns the tool's exit status.
func capture(dir, tool string, args []string) int {
	if tool == "" {
		fmt.Fprintln(os.Stderr, "factdiff: FACTDIFF_TOOL is not set")
		return 1
	}
	cfgFile := ""
	if len(args) > 0 && strings.HasSuffix(args[len(args)-1], ".cfg") {
		cfgFile = args[len(args)-1]
	}
	cmd := exec.Command(tool, args...)
	// go vet parses what the tool writes to stdout (-json, -V=full,
	// -flags): capture forwards it unchanged and writes nothing there of
	// its own. Only replay, run by hand, prints its report on stdout.
	cmd.Stdin, cmd.Stdout = os.Stdin, os.Stdout
	var errBuf bytes.Buffer
	cmd.Stderr = io.MultiWriter(os.Stderr, &errBuf)
	err := cmd.Run()
	rc := 0
	if err != nil {
		if ee, ok := err.(*exec.ExitError); ok {
			rc = ee.ExitCode()
		} else {
			fmt.Fprintf(os.Stderr, "factdiff: %v\n", err)
			return 1
		}
	}
	if cfgFile == "" {
		return rc
	}
	if err := save(dir, cfgFile, args[:len(args)-1], errBuf.Bytes(), rc); err != nil {
		fmt.Fprintf(os.Stderr, "factdiff: saving %s: %v\n", cfgFile, err)
		return 1
	}
	return rc
}

// save keeps one package's analysis: cfg.json, vetx, stdout, stderr and
// rc in dir/pkgs/KEY, the temporary files it names in dir/files, a line
// "KEY VETXOUTPUT ID" appended to dir/order once it is all written.
func save(dir, cfgFile string, flags []string, stderr []byte, rc int) error {
	data, err := os.ReadFile(cfgFile)
	if err != nil {
		return err
	}
	var cfg config
	if err := json.Unmarshal(data, &cfg); err != nil {
		return err
	}
	k := key(cfg.ID)
	pdir := filepath.Join(dir, "pkgs", k)
	if err := os.MkdirAll(pdir, 0o755); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Join(dir, "files"), 0o755); err != nil {
		return err
	}
	var paths []string
	paths = append(paths, cfg.GoFiles...)
	paths = append(paths, cfg.NonGoFiles...)
	paths = append(paths, cfg.IgnoredFiles...)
	for _, p := range cfg.PackageFile {
		paths = append(paths, p)
	}
	for _, p := range paths {
		if !temporary(p) {
			continue
		}
		dst := filepath.Join(dir, "files", key(p)+filepath.Ext(p))
		if _, err := os.Stat(dst); err == nil {
			continue
		}
		if err := copyFile(p, dst); err != nil {
			return err
		}
	}
	write := func(name string, b []byte) error { return os.WriteFile(filepath.Join(pdir, name), b, 0o644) }
	if err := write("cfg.json", data); err != nil {
		return err
	}
	if err := write("flags", []byte(strings.Join(flags, "\n"))); err != nil {
		return err
	}
	if err := copyFile(cfg.VetxOutput, filepath.Join(pdir, "vetx")); err != nil && !os.IsNotExist(err) {
		return err
	}
	out, _ := os.ReadFile(cfg.Stdout)
	if err := write("stdout", out); err != nil {
		return err
	}
	if err := write("stderr", stderr); err != nil {
		return err
	}
	if err := write("rc", []byte(fmt.Sprint(rc))); err != nil {
		return err
	}
	f, err := os.OpenFile(filepath.Join(dir, "order"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(f, "%s\t%s\t%s\n", k, cfg.VetxOutput, cfg.ID)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// temporary reports whether p is in a go command's work directory, which
// is removed when the command ends.
func temporary(p string) bool {
	rel, err := filepath.Rel(os.TempDir(), p)
	return err == nil && strings.HasPrefix(rel, "go-build")
}

// copyFile copies src to dst through a temporary file, so that a
// concurrent reader never sees half of it.
func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	tmp, err := os.CreateTemp(filepath.Dir(dst), ".tmp*")
	if err != nil {
		return err
	}
	if _, err := io.Copy(tmp, in); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), dst)
}

// pkg is one captured package analysis.
type pkg struct {
	key, vetx, id string
	vetxOnly      bool
	cfg           map[string]any
}

// tool is a tool to replay, and its measurements by package key.
type tool struct {
	name, path string
	chain      bool // reads its own fact files, not the captured ones
	res        map[string]*result
}

// result is one tool's replay of one package.
type result struct {
	cpu, wall time.Duration // least over the rounds
	rss       int64         // KB, least over the rounds
	vetx      []byte
	out       []byte // stdout file, then stderr
	rc        int
}

// multiFlag collects repeated -flag values.
type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, " ") }
func (m *multiFlag) Set(s string) error { *m = append(*m, s); return nil }

func replay(args []string) int {
	fs := flag.NewFlagSet("replay", flag.ExitOnError)
	dir := fs.String("dir", "", "capture directory")
	rounds := fs.Int("rounds", 1, "runs per package and tool, alternating the tools; the least CPU and RSS are kept")
	top := fs.Int("top", 15, "packages to list by cost")
	floor := fs.String("floor", "", "also replay this do-nothing tool on its own fact files, for the per-package floor")
	only := fs.String("only", "", "replay only the packages whose ID contains this string (and compare only them)")
	var extra multiFlag
	fs.Var(&extra, "flag", "a flag to give every tool (repeatable)")
	fs.Parse(args)
	if *dir == "" || fs.NArg() != 2 {
		fmt.Fprintln(os.Stderr, "factdiff replay: want -dir DIR and two NAME=TOOL arguments")
		return 2
	}
	var tools []*tool
	for _, a := range fs.Args() {
		name, path, ok := strings.Cut(a, "=")
		if !ok {
			fmt.Fprintf(os.Stderr, "factdiff replay: %q is not NAME=TOOL\n", a)
			return 2
		}
		tools = append(tools, &tool{name: name, path: path, res: make(map[string]*result)})
	}
	if *floor != "" {
		tools = append(tools, &tool{name: "floor", path: *floor, chain: true, res: make(map[string]*result)})
	}
	pkgs, err := readCapture(*dir)
	if err != nil {
		fmt.Fprintf(os.Stderr, "factdiff replay: %v\n", err)
		return 1
	}
	byVetx := make(map[string]*pkg)
	for _, p := range pkgs {
		byVetx[p.vetx] = p
	}
	work := filepath.Join(*dir, "replay")
	os.RemoveAll(work)
	for _, t := range tools {
		if err := os.MkdirAll(filepath.Join(work, t.name), 0o755); err != nil {
			fmt.Fprintf(os.Stderr, "factdiff replay: %v\n", err)
			return 1
		}
	}
	start := time.Now()
	var replayed []*pkg
	for i, p := range pkgs {
		if *only != "" && !strings.Contains(p.id, *only) && !anyChain(tools) {
			continue
		}
		selected := *only == "" || strings.Contains(p.id, *only)
		if selected {
			replayed = append(replayed, p)
		}
		for r := 0; r < *rounds; r++ {
			for j := range tools {
				t := tools[(j+r)%len(tools)]
				if !selected && !t.chain {
					continue
				}
				if err := t.run(*dir, work, p, byVetx, extra, ""); err != nil {
					fmt.Fprintf(os.Stderr, "factdiff replay: %s on %s: %v\n", t.name, p.id, err)
					return 1
				}
			}
		}
		if (i+1)%100 == 0 {
			fmt.Fprintf(os.Stderr, "factdiff: %d/%d packages, %s\n", i+1, len(pkgs), time.Since(start).Round(time.Second))
		}
	}
	return report(*dir, work, replayed, tools, byVetx, extra, *top)
}

// anyChain reports whether a tool reads its own fact files, and so must
// run on every package.
func anyChain(tools []*tool) bool {
	for _, t := range tools {
		if t.chain {
			return true
		}
	}
	return false
}

// readCapture reads the packages of a capture in the order they finished.
func readCapture(dir string) ([]*pkg, error) {
	data, err := os.ReadFile(filepath.Join(dir, "order"))
	if err != nil {
		return nil, err
	}
	var out []*pkg
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		f := strings.SplitN(line, "\t", 3)
		if len(f) != 3 {
			return nil, fmt.Errorf("bad line in order: %q", line)
		}
		p := &pkg{key: f[0], vetx: f[1], id: f[2]}
		b, err := os.ReadFile(filepath.Join(dir, "pkgs", p.key, "cfg.json"))
		if err != nil {
			return nil, err
		}
		if err := json.Unmarshal(b, &p.cfg); err != nil {
			return nil, err
		}
		p.vetxOnly, _ = p.cfg["VetxOnly"].(bool)
		out = append(out, p)
	}
	return out, nil
}

// run replays p with t, keeping the least cost over the rounds. With a
// non-empty dump it runs once more with -debug-factdump=dump instead, and
// records nothing.
func (t *tool) run(dir, work string, p *pkg, byVetx map[string]*pkg, flags []string, dump string) error {
	cfg := make(map[string]any, len(p.cfg))
	for k, v := range p.cfg {
		cfg[k] = v
	}
	// Temporary files: the copies capture made.
	for _, field := range []string{"GoFiles", "NonGoFiles", "IgnoredFiles"} {
		list, _ := cfg[field].([]any)
		out := make([]any, len(list))
		for i, v := range list {
			out[i] = tempCopy(dir, v.(string))
		}
		cfg[field] = out
	}
	pf := make(map[string]any)
	if m, ok := cfg["PackageFile"].(map[string]any); ok {
		for k, v := range m {
			pf[k] = tempCopy(dir, v.(string))
		}
	}
	cfg["PackageFile"] = pf
	// The dependencies' facts: the captured ones, or the tool's own.
	pv := make(map[string]any)
	if m, ok := cfg["PackageVetx"].(map[string]any); ok {
		for k, v := range m {
			dep, ok := byVetx[v.(string)]
			switch {
			case !ok:
				pv[k] = v // not written by this run: left as it was
			case t.chain:
				pv[k] = filepath.Join(work, t.name, dep.key+".vetx")
			default:
				pv[k] = filepath.Join(dir, "pkgs", dep.key, "vetx")
			}
		}
	}
	cfg["PackageVetx"] = pv
	base := filepath.Join(work, t.name, p.key)
	cfg["VetxOutput"] = base + ".vetx"
	cfg["Stdout"] = base + ".stdout"
	data, err := json.MarshalIndent(cfg, "", "\t")
	if err != nil {
		return err
	}
	cfgFile := base + ".cfg"
	if err := os.WriteFile(cfgFile, data, 0o644); err != nil {
		return err
	}
	args := append([]string(nil), flags...)
	if dump != "" {
		args = append(args, "-debug-factdump="+dump)
	}
	args = append(args, cfgFile)
	cmd := exec.Command(t.path, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	begin := time.Now()
	err = cmd.Run()
	wall := time.Since(begin)
	rc := 0
	if err != nil {
		ee, ok := err.(*exec.ExitError)
		if !ok {
			return err
		}
		rc = ee.ExitCode()
	}
	if dump != "" {
		return nil
	}
	st := cmd.ProcessState
	cpu := st.UserTime() + st.SystemTime()
	var rss int64
	if ru, ok := st.SysUsage().(*syscall.Rusage); ok {
		rss = ru.Maxrss
	}
	vetx, _ := os.ReadFile(base + ".vetx")
	out, _ := os.ReadFile(base + ".stdout")
	out = append(out, stderr.Bytes()...)
	r := t.res[p.key]
	if r == nil {
		t.res[p.key] = &result{cpu: cpu, wall: wall, rss: rss, vetx: vetx, out: out, rc: rc}
		return nil
	}
	r.cpu, r.wall, r.rss = min(r.cpu, cpu), min(r.wall, wall), min(r.rss, rss)
	return nil
}

// tempCopy returns capture's copy of a temporary file, or p.
func tempCopy(dir, p string) string {
	if !temporary(p) {
		return p
	}
	return filepath.Join(dir, "files", key(p)+filepath.Ext(p))
}

// report compares the first two tools and prints the differences and the
// costs; it returns 1 when the tools' facts or output differ.
func report(dir, work string, pkgs []*pkg, tools []*tool, byVetx map[string]*pkg, flags []string, top int) int {
	a, b := tools[0], tools[1]
	var floor *tool
	if len(tools) > 2 {
		floor = tools[2]
	}
	var selfDiff, factDiff, outDiff []*pkg
	for _, p := range pkgs {
		ra, rb := a.res[p.key], b.res[p.key]
		captured, _ := os.ReadFile(filepath.Join(dir, "pkgs", p.key, "vetx"))
		if !bytes.Equal(captured, ra.vetx) {
			selfDiff = append(selfDiff, p)
		}
		if !bytes.Equal(ra.vetx, rb.vetx) {
			factDiff = append(factDiff, p)
		}
		if !bytes.Equal(ra.out, rb.out) || ra.rc != rb.rc {
			outDiff = append(outDiff, p)
		}
	}
	fmt.Printf("replayed %d packages with %s and %s", len(pkgs), a.name, b.name)
	if floor != nil {
		fmt.Printf(" (and the floor)")
	}
	fmt.Println()
	if len(selfDiff) > 0 {
		fmt.Printf("\n%d packages where %s's replay did not reproduce the captured fact file (inputs incomplete or encoding not deterministic):\n", len(selfDiff), a.name)
		for i, p := range selfDiff {
			if i == 10 {
				fmt.Printf("  … and %d more\n", len(selfDiff)-10)
				break
			}
			fmt.Printf("  %s\n", p.id)
		}
	}
	fmt.Printf("\nfact files that differ: %d\n", len(factDiff))
	for _, p := range factDiff {
		fmt.Printf("\n  %s\n", p.id)
		explain(work, p, a, b, dir, byVetx, flags)
	}
	fmt.Printf("\noutput or exit status that differ: %d\n", len(outDiff))
	for _, p := range outDiff {
		ra, rb := a.res[p.key], b.res[p.key]
		fmt.Printf("\n  %s (exit %d / %d)\n", p.id, ra.rc, rb.rc)
		lineDiff(string(ra.out), string(rb.out), a.name, b.name)
	}
	costs(work, pkgs, a, b, floor, top)
	if len(factDiff) > 0 || len(outDiff) > 0 {
		return 1
	}
	return 0
}

// explain prints the decoded facts of p that differ between a and b.
func explain(work string, p *pkg, a, b *tool, dir string, byVetx map[string]*pkg, flags []string) {
	var dumps [2]string
	for i, t := range []*tool{a, b} {
		f := filepath.Join(work, t.name, p.key+".facts")
		if err := t.run(dir, work, p, byVetx, flags, f); err != nil {
			fmt.Printf("    (%s: %v)\n", t.name, err)
			return
		}
		d, err := os.ReadFile(f)
		if err != nil {
			fmt.Printf("    (%s wrote no fact dump: does it take -debug-factdump?)\n", t.name)
			return
		}
		dumps[i] = string(d)
	}
	if dumps[0] == dumps[1] {
		fmt.Printf("    (the package's own facts are the same: the difference is in facts re-exported from its dependencies or in the encoding)\n")
		return
	}
	lineDiff(dumps[0], dumps[1], a.name, b.name)
}

// lineDiff prints the lines only x has ("-") and only y has ("+"), at
// most 20 of each.
func lineDiff(x, y, nx, ny string) {
	count := func(s string) map[string]int {
		m := make(map[string]int)
		for _, l := range strings.Split(s, "\n") {
			if l != "" {
				m[l]++
			}
		}
		return m
	}
	cx, cy := count(x), count(y)
	show := func(sign, name string, from, other map[string]int) {
		var only []string
		for l, n := range from {
			for i := other[l]; i < n; i++ {
				only = append(only, l)
			}
		}
		sort.Strings(only)
		for i, l := range only {
			if i == 20 {
				fmt.Printf("    %s … and %d more\n", sign, len(only)-20)
				break
			}
			fmt.Printf("    %s %s: %s\n", sign, name, l)
		}
	}
	show("-", nx, cx, cy)
	show("+", ny, cy, cx)
}

// costs prints the top packages by the first tool's CPU time and the sums,
// and writes every package's to work/../replay.tsv.
func costs(work string, pkgs []*pkg, a, b, floor *tool, top int) {
	sorted := append([]*pkg(nil), pkgs...)
	sort.SliceStable(sorted, func(i, j int) bool {
		return max(a.res[sorted[i].key].cpu, b.res[sorted[i].key].cpu) > max(a.res[sorted[j].key].cpu, b.res[sorted[j].key].cpu)
	})
	var tsv strings.Builder
	head := "package\t" + a.name + " cpu s\t" + a.name + " rss MB\t" + b.name + " cpu s\t" + b.name + " rss MB"
	if floor != nil {
		head += "\tfloor cpu s\tfloor rss MB"
	}
	tsv.WriteString(head + "\n")
	var sum [3]time.Duration
	var peak [3]int64
	for _, p := range sorted {
		line := p.id
		for i, t := range []*tool{a, b, floor} {
			if t == nil {
				continue
			}
			r := t.res[p.key]
			sum[i] += r.cpu
			peak[i] = max(peak[i], r.rss)
			line += fmt.Sprintf("\t%.3f\t%.1f", r.cpu.Seconds(), float64(r.rss)/1024)
		}
		tsv.WriteString(line + "\n")
	}
	os.WriteFile(filepath.Join(filepath.Dir(work), "replay.tsv"), []byte(tsv.String()), 0o644)

	fmt.Printf("\nPer package (user+system CPU s / peak RSS MB, least of the rounds; the %d costliest, then all):\n\n", top)
	cols := "| package | " + a.name + " | " + b.name + " | " + b.name + " / " + a.name
	sep := "|---|---:|---:|---:"
	if floor != nil {
		cols += " | floor | " + a.name + " / floor | " + b.name + " / floor"
		sep += "|---:|---:|---:"
	}
	fmt.Println(cols + " |")
	fmt.Println(sep + "|")
	cell := func(d time.Duration, rss int64) string {
		return fmt.Sprintf("%.2f / %.0f", d.Seconds(), float64(rss)/1024)
	}
	ratio := func(x, y time.Duration) string {
		if y <= 0 {
			return "–"
		}
		return fmt.Sprintf("%.2f", x.Seconds()/y.Seconds())
	}
	for i, p := range sorted {
		if i == top {
			break
		}
		ra, rb := a.res[p.key], b.res[p.key]
		line := fmt.Sprintf("| %s | %s | %s | %s", p.id, cell(ra.cpu, ra.rss), cell(rb.cpu, rb.rss), ratio(rb.cpu, ra.cpu))
		if floor != nil {
			rf := floor.res[p.key]
			line += fmt.Sprintf(" | %s | %s | %s", cell(rf.cpu, rf.rss), ratio(ra.cpu, rf.cpu), ratio(rb.cpu, rf.cpu))
		}
		fmt.Println(line + " |")
	}
	line := fmt.Sprintf("| all %d packages (sum, max) | %s | %s | %s", len(pkgs), cell(sum[0], peak[0]), cell(sum[1], peak[1]), ratio(sum[1], sum[0]))
	if floor != nil {
		line += fmt.Sprintf(" | %s | %s | %s", cell(sum[2], peak[2]), ratio(sum[0], sum[2]), ratio(sum[1], sum[2]))
	}
	fmt.Println(line + " |")
}
