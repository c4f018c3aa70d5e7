package configfile

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/fencecheck/fencecheck/internal/config"
)

// testSuite is a root analyzer with the settings' flags and one rule with
// a flag of its own.
func testSuite() []*analysis.Analyzer {
	root := &analysis.Analyzer{Name: "fencecheck"}
	config.Register(&root.Flags)
	rule := &analysis.Analyzer{Name: "unfenced"}
	rule.Flags.Int("depth", 0, "test flag")
	return []*analysis.Analyzer{root, rule, {Name: "preflight"}}
}

func TestParseFile(t *testing.T) {
	data := `# The team's APIs.
acquire:
  - (*example.com/locks.Client).Lock
  - example.com/locks.Take
sink: example.com/audit.Send
guarded: ["(*example.com/store.Store).Save:2"]
idempotent: [example.com/cache.Warm]
fencing-header: X-Fence
disable: [preflight]
unfenced:
  depth: 3
`
	got, err := ParseFile("f.yaml", []byte(data), testSuite())
	if err != nil {
		t.Fatal(err)
	}
	var args []string
	for _, e := range got {
		args = append(args, e.Arg()+"@"+itoa(e.Line))
	}
	want := []string{
		"-fencecheck.acquire=(*example.com/locks.Client).Lock@3",
		"-fencecheck.acquire=example.com/locks.Take@4",
		"-fencecheck.sink=example.com/audit.Send@5",
		"-fencecheck.guarded=(*example.com/store.Store).Save:2@6",
		"-fencecheck.idempotent=example.com/cache.Warm@7",
		"-fencecheck.fencing-header=X-Fence@8",
		"-preflight=false@9",
		"-unfenced.depth=3@11",
	}
	if strings.Join(args, "\n") != strings.Join(want, "\n") {
		t.Errorf("entries:\n%s\nwant:\n%s", strings.Join(args, "\n"), strings.Join(want, "\n"))
	}
	for _, empty := range []string{"", "# nothing\n", "~\n"} {
		if es, err := ParseFile("f.yaml", []byte(empty), testSuite()); err != nil || len(es) != 0 {
			t.Errorf("%q: %v, %v", empty, es, err)
		}
	}
}

func TestParseFileErrors(t *testing.T) {
	for _, tc := range []struct{ data, want string }{
		{"sink: [a.B]\nsinks: [a.C]\n", `f.yaml:2: unknown key "sinks"`},
		{"acquire:\n  - a.B\n  - not a name\n", `f.yaml:3: acquire: "not a name": a function is written pkg/path.Func`},
		{"guarded: [\"(*a.T).M\"]\n", `f.yaml:1: guarded: guarded "(*a.T).M": want NAME:PARAM`},
		{"disable: [unfenced, nosuch]\n", `f.yaml:1: disable: unknown analyzer "nosuch"`},
		{"unfenced:\n  deep: 1\n", `f.yaml:2: unknown flag "deep" of analyzer unfenced`},
		{"unfenced: 3\n", `f.yaml:1: unfenced: want a mapping`},
		{"sink: {a: b}\n", `f.yaml:1: sink: want a value or a list`},
		{"sink: [a.B]\nsink: [a.C]\n", `f.yaml:2: "sink" given twice`},
		{"- sink\n", `f.yaml:1: want a mapping of settings`},
		{"sink: [a.B\n", `f.yaml: yaml: line 1`},
	} {
		_, err := ParseFile("f.yaml", []byte(tc.data), testSuite())
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want one starting %q", tc.data, err, tc.want)
		}
	}
}

// TestFind checks the lookup: the nearest file upward, not past the
// module root.
func TestFind(t *testing.T) {
	top := t.TempDir()
	mod := filepath.Join(top, "mod")
	sub := filepath.Join(mod, "a", "b")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(path string) {
		if err := os.WriteFile(path, []byte("sink: [a.B]\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(top, FileName)) // above the module: never read
	write(filepath.Join(mod, "go.mod"))
	if got, err := Find(sub); err != nil || got != "" {
		t.Errorf("no file in the module: %q, %v", got, err)
	}
	write(filepath.Join(mod, FileName))
	if got, _ := Find(sub); got != filepath.Join(mod, FileName) {
		t.Errorf("from a subdirectory: %q, want the module root's", got)
	}
	write(filepath.Join(mod, "a", FileName))
	if got, _ := Find(sub); got != filepath.Join(mod, "a", FileName) {
		t.Errorf("nearest: %q, want a's", got)
	}
	if got, _ := Find(top); got != filepath.Join(top, FileName) {
		t.Errorf("outside a module: %q", got)
	}
}

// itoa formats a line number.
func itoa(n int) string { return strconv.Itoa(n) }
