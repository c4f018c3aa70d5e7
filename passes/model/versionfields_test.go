package model

import "testing"

// TestVersionField checks which Go field names hold a version or token.
func TestVersionField(t *testing.T) {
	for name, want := range map[string]bool{
		"Version": true, "ModRevision": true, "ResourceVersion": true, "Generation": true, "Epoch": true,
		"Rev": true, "FencingToken": true, "Term": true, "SeqNo": true, "Seq": true, "LeaseEpoch": true,
		"VersionID": false, "RevisionIDs": false, "ID": false, "Body": false, "Reversed": false, "Tokenizer": false,
		"fence_token": true, "HTTPVersion": true,
	} {
		if got := isVersionField(name); got != want {
			t.Errorf("isVersionField(%q) = %v, want %v (words %q)", name, got, want, camelWords(name))
		}
	}
}
