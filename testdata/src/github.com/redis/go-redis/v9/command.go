package redis

type Cmder interface {
	Name() string
	FullName() string
	Args() []interface{}
	String() string
	Err() error
}

type baseCmd struct{}

func (cmd *baseCmd) Name() string { return "" }

func (cmd *baseCmd) FullName() string { return "" }

func (cmd *baseCmd) Args() []interface{} { return nil }

func (cmd *baseCmd) SetErr(e error) {}

func (cmd *baseCmd) Err() error { return nil }

type Cmd struct {
	baseCmd
}

func (cmd *Cmd) String() string { return "" }

func (cmd *Cmd) Val() interface{} { return nil }

func (cmd *Cmd) Result() (interface{}, error) { return nil, nil }

func (cmd *Cmd) Text() (string, error) { return "", nil }

func (cmd *Cmd) Int() (int, error) { return 0, nil }

func (cmd *Cmd) Int64() (int64, error) { return 0, nil }

func (cmd *Cmd) Bool() (bool, error) { return false, nil }

type StatusCmd struct {
	baseCmd
}

func (cmd *StatusCmd) String() string { return "" }

func (cmd *StatusCmd) Val() string { return "" }

func (cmd *StatusCmd) Result() (string, error) { return "", nil }

type IntCmd struct {
	baseCmd
}

func (cmd *IntCmd) String() string { return "" }

func (cmd *IntCmd) Val() int64 { return 0 }

func (cmd *IntCmd) Result() (int64, error) { return 0, nil }

type BoolCmd struct {
	baseCmd
}

func (cmd *BoolCmd) String() string { return "" }

func (cmd *BoolCmd) Val() bool { return false }

func (cmd *BoolCmd) Result() (bool, error) { return false, nil }

type StringCmd struct {
	baseCmd
}

func (cmd *StringCmd) String() string { return "" }

func (cmd *StringCmd) Val() string { return "" }

func (cmd *StringCmd) Result() (string, error) { return "", nil }

func (cmd *StringCmd) Int64() (int64, error) { return 0, nil }

type BoolSliceCmd struct {
	baseCmd
}

func (cmd *BoolSliceCmd) String() string { return "" }

func (cmd *BoolSliceCmd) Val() []bool { return nil }

func (cmd *BoolSliceCmd) Result() ([]bool, error) { return nil, nil }

type StringSliceCmd struct {
	baseCmd
}

func (cmd *StringSliceCmd) String() string { return "" }

func (cmd *StringSliceCmd) Val() []string { return nil }

func (cmd *StringSliceCmd) Result() ([]string, error) { return nil, nil }

type XMessage struct {
	ID     string
	Values map[string]interface{}
}

type XStream struct {
	Stream   string
	Messages []XMessage
}

type XMessageSliceCmd struct {
	baseCmd
}

func (cmd *XMessageSliceCmd) String() string { return "" }

func (cmd *XMessageSliceCmd) Val() []XMessage { return nil }

func (cmd *XMessageSliceCmd) Result() ([]XMessage, error) { return nil, nil }

type XStreamSliceCmd struct {
	baseCmd
}

func (cmd *XStreamSliceCmd) String() string { return "" }

func (cmd *XStreamSliceCmd) Val() []XStream { return nil }

func (cmd *XStreamSliceCmd) Result() ([]XStream, error) { return nil, nil }

type XAutoClaimCmd struct {
	baseCmd
}

func (cmd *XAutoClaimCmd) String() string { return "" }

func (cmd *XAutoClaimCmd) Val() (messages []XMessage, start string) { return nil, "" }

func (cmd *XAutoClaimCmd) Result() (messages []XMessage, start string, err error) {
	return nil, "", nil
}

type XAutoClaimJustIDCmd struct {
	baseCmd
}

func (cmd *XAutoClaimJustIDCmd) String() string { return "" }

func (cmd *XAutoClaimJustIDCmd) Val() (ids []string, start string) { return nil, "" }

func (cmd *XAutoClaimJustIDCmd) Result() (ids []string, start string, err error) {
	return nil, "", nil
}
