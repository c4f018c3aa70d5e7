package sqltext

import (
	"reflect"
	"testing"
)

// TestParamList checks that a ParamList reads as one placeholder that
// binds no one argument, and that the '?' placeholders after it lose
// their position while those before it and $N keep theirs.
func TestParamList(t *testing.T) {
	cases := []struct {
		sql    string
		where  []string
		params []string
		styles []PlaceholderStyle
	}{
		{
			sql:    "UPDATE t SET claimed_at = ? WHERE id IN (" + ParamList + ") AND fence_token <= ?",
			where:  []string{"col:id in param:-1", "col:fence_token <= param:-1"},
			params: []string{"0", "-1", "-1"},
			styles: []PlaceholderStyle{Question, List, Question},
		},
		{
			sql:    "UPDATE t SET claimed_at = $1 WHERE id IN (" + ParamList + ") AND fence_token <= $2",
			where:  []string{"col:id in param:-1", "col:fence_token <= param:1"},
			params: []string{"0", "-1", "1"},
			styles: []PlaceholderStyle{Dollar, List, Dollar},
		},
		{
			sql:    "DELETE FROM t WHERE id IN (?, " + ParamList + ")",
			where:  []string{"col:id in expr:(?, \x01)"},
			params: []string{"0", "-1"},
			styles: []PlaceholderStyle{Question, List},
		},
	}
	for _, c := range cases {
		st := Parse(c.sql)
		if got := renderPreds(st.Where); !reflect.DeepEqual(got, c.where) {
			t.Errorf("Parse(%q).Where = %q, want %q", c.sql, got, c.where)
		}
		if got := renderParams(st.Params); !reflect.DeepEqual(got, c.params) {
			t.Errorf("Parse(%q).Params = %q, want %q", c.sql, got, c.params)
		}
		var styles []PlaceholderStyle
		for _, p := range st.Params {
			styles = append(styles, p.Style)
		}
		if !reflect.DeepEqual(styles, c.styles) {
			t.Errorf("Parse(%q) styles = %v, want %v", c.sql, styles, c.styles)
		}
	}
	if List.String() != "list" {
		t.Errorf("List.String() = %q", List.String())
	}
}
