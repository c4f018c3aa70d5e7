package luascript

// SetsIfAbsent reports whether the script creates a key only if it is
// absent (SET … NX, SETNX), and whether such a SET gives it an expiry
// (EX, PX, EXAT, PXAT): the acquisition of a lock held in the key, when
// the caller checks the outcome and the key is released or extended.
func SetsIfAbsent(src string) (ifAbsent, expires bool) {
	for _, t := range scan(src) {
		if t.kind != "call" {
			continue
		}
		switch t.text {
		case "SETNX":
			ifAbsent = true
		case "SET":
			nx, ex := false, false
			for _, a := range t.args {
				switch a {
				case "NX":
					nx = true
				case "EX", "PX", "EXAT", "PXAT":
					ex = true
				}
			}
			if nx {
				ifAbsent, expires = true, expires || ex
			}
		}
	}
	return ifAbsent, expires
}
