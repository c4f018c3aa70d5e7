package sqltext

import (
	"bufio"
	"fmt"
	"os"
	"testing"
)

func TestDebugDump(t *testing.T) {
	f, err := os.Open("/tmp/sqdbg/in.txt")
	if err != nil {
		t.Skip()
	}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" {
			continue
		}
		line = unescape(line)
		st := Parse(line)
		fmt.Printf("%q\n  kind=%v table=%q cols=%q ret=%q fu=%v sl=%v hole=%v multi=%v style=%v\n  funcs=%q params=%q\n  set=%q\n  where=%q\n  cw=%q\n", line, st.Kind, st.Table, st.Columns, st.Returning, st.ForUpdate, st.SkipLocked, st.HasHole, st.Multiple, st.Style, st.Funcs, renderParams(st.Params), renderSet(st.Set), renderPreds(st.Where), renderPreds(st.ConflictWhere))
	}
}

func unescape(s string) string {
	out := []byte{}
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+3 < len(s) && s[i+1] == 'x' && s[i+2] == '0' && s[i+3] == '0' {
			out = append(out, 0)
			i += 3
			continue
		}
		out = append(out, s[i])
	}
	return string(out)
}
