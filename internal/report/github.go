package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/fencecheck/fencecheck/internal/vetjson"
)

// WriteGitHub writes one GitHub Actions workflow command per finding:
//
//	::error file=F,line=L,col=C,endLine=EL,endColumn=EC,title=fencecheck RULE::MESSAGE
//
// which the runner turns into an annotation on the pull request. file is
// relative to the root of files (the checkout, when fencecheck runs at the
// top of it); columns are in UTF-16 code units like SARIF's; endColumn is
// given only when the finding ends on its start line. Related positions
// follow the message on lines of their own. Analysis errors become
// ::error commands without a file.
//
// Property values and the message are escaped as the runner expects
// (actions/toolkit's command encoding): in the message %, CR and LF; in
// properties also ':' and ','.
func WriteGitHub(w io.Writer, findings []vetjson.Finding, errs []string, files *Files) error {
	for _, e := range errs {
		if _, err := fmt.Fprintf(w, "::error title=%s::%s\n", escapeProperty("fencecheck error"), escapeData(e)); err != nil {
			return err
		}
	}
	for _, f := range findings {
		file, line, col := vetjson.SplitPosn(f.Posn)
		rel, _ := files.Rel(file)
		props := []string{"file=" + escapeProperty(rel)}
		if line > 0 {
			props = append(props, fmt.Sprintf("line=%d", line))
			c := 0
			if col > 0 {
				c = files.UTF16Column(file, line, col)
				props = append(props, fmt.Sprintf("col=%d", c))
			}
			if efile, eline, ecol := vetjson.SplitPosn(f.End); f.End != "" && efile == file && eline >= line {
				props = append(props, fmt.Sprintf("endLine=%d", eline))
				if eline == line && ecol > 0 && c > 0 {
					if ec := files.UTF16Column(file, eline, ecol); ec > c {
						props = append(props, fmt.Sprintf("endColumn=%d", ec))
					}
				}
			}
		}
		props = append(props, "title="+escapeProperty("fencecheck "+f.Analyzer))
		msg := f.Message
		for _, r := range f.Related {
			rfile, rline, _ := vetjson.SplitPosn(r.Posn)
			rrel, _ := files.Rel(rfile)
			msg += fmt.Sprintf("\n%s:%d: %s", rrel, rline, r.Message)
		}
		if _, err := fmt.Fprintf(w, "::error %s::%s\n", strings.Join(props, ","), escapeData(msg)); err != nil {
			return err
		}
	}
	return nil
}

// escapeData escapes a workflow command's message.
func escapeData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// escapeProperty escapes a workflow command's property value.
func escapeProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
