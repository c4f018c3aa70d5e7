package redis

import (
	"context"
	"time"
)

type Cmdable interface {
	Pipeline() Pipeliner
	Pipelined(ctx context.Context, fn func(Pipeliner) error) ([]Cmder, error)
	TxPipelined(ctx context.Context, fn func(Pipeliner) error) ([]Cmder, error)
	TxPipeline() Pipeliner
	Unlink(ctx context.Context, keys ...string) *IntCmd

	GenericCmdable
	HashCmdable
	ListCmdable
	ScriptingFunctionsCmdable
	SetCmdable
	SortedSetCmdable
	StringCmdable
	StreamCmdable
}

type StatefulCmdable interface {
	Cmdable
	Select(ctx context.Context, index int) *StatusCmd
}

type cmdable func(ctx context.Context, cmd Cmder) error

type statefulCmdable func(ctx context.Context, cmd Cmder) error

func (c statefulCmdable) Select(ctx context.Context, index int) *StatusCmd { return nil }

func (c cmdable) Do(ctx context.Context, args ...interface{}) *Cmd { return nil }

func (c cmdable) Unlink(ctx context.Context, keys ...string) *IntCmd { return nil }

type GenericCmdable interface {
	Del(ctx context.Context, keys ...string) *IntCmd
	Expire(ctx context.Context, key string, expiration time.Duration) *BoolCmd
	PExpire(ctx context.Context, key string, expiration time.Duration) *BoolCmd
	Rename(ctx context.Context, key, newkey string) *StatusCmd
	Copy(ctx context.Context, sourceKey string, destKey string, db int, replace bool) *IntCmd
}

func (c cmdable) Del(ctx context.Context, keys ...string) *IntCmd { return nil }

func (c cmdable) Expire(ctx context.Context, key string, expiration time.Duration) *BoolCmd {
	return nil
}

func (c cmdable) PExpire(ctx context.Context, key string, expiration time.Duration) *BoolCmd {
	return nil
}

func (c cmdable) Rename(ctx context.Context, key, newkey string) *StatusCmd { return nil }

func (c cmdable) Copy(ctx context.Context, sourceKey, destKey string, db int, replace bool) *IntCmd {
	return nil
}

type StringCmdable interface {
	Append(ctx context.Context, key, value string) *IntCmd
	Decr(ctx context.Context, key string) *IntCmd
	DelExArgs(ctx context.Context, key string, a DelExArgs) *IntCmd
	Get(ctx context.Context, key string) *StringCmd
	GetDel(ctx context.Context, key string) *StringCmd
	GetSet(ctx context.Context, key string, value interface{}) *StringCmd
	Incr(ctx context.Context, key string) *IntCmd
	IncrBy(ctx context.Context, key string, value int64) *IntCmd
	MSet(ctx context.Context, values ...interface{}) *StatusCmd
	MSetNX(ctx context.Context, values ...interface{}) *BoolCmd
	Set(ctx context.Context, key string, value interface{}, expiration time.Duration) *StatusCmd
	SetArgs(ctx context.Context, key string, value interface{}, a SetArgs) *StatusCmd
	SetEx(ctx context.Context, key string, value interface{}, expiration time.Duration) *StatusCmd
	SetIFEQ(ctx context.Context, key string, value interface{}, matchValue interface{}, expiration time.Duration) *StatusCmd
	SetIFNE(ctx context.Context, key string, value interface{}, matchValue interface{}, expiration time.Duration) *StatusCmd
	SetIFDEQ(ctx context.Context, key string, value interface{}, matchDigest uint64, expiration time.Duration) *StatusCmd
	SetIFDNE(ctx context.Context, key string, value interface{}, matchDigest uint64, expiration time.Duration) *StatusCmd
	SetNX(ctx context.Context, key string, value interface{}, expiration time.Duration) *BoolCmd
	SetXX(ctx context.Context, key string, value interface{}, expiration time.Duration) *BoolCmd
}

type SetArgs struct {
	Mode        string
	MatchValue  interface{}
	MatchDigest uint64
	TTL         time.Duration
	ExpireAt    time.Time
	Get         bool
	KeepTTL     bool
}

type DelExArgs struct {
	Mode        string
	MatchValue  interface{}
	MatchDigest uint64
}

func (c cmdable) Append(ctx context.Context, key, value string) *IntCmd { return nil }

func (c cmdable) Decr(ctx context.Context, key string) *IntCmd { return nil }

func (c cmdable) DelExArgs(ctx context.Context, key string, a DelExArgs) *IntCmd { return nil }

func (c cmdable) Get(ctx context.Context, key string) *StringCmd { return nil }

func (c cmdable) GetDel(ctx context.Context, key string) *StringCmd { return nil }

func (c cmdable) GetSet(ctx context.Context, key string, value interface{}) *StringCmd { return nil }

func (c cmdable) Incr(ctx context.Context, key string) *IntCmd { return nil }

func (c cmdable) IncrBy(ctx context.Context, key string, value int64) *IntCmd { return nil }

func (c cmdable) MSet(ctx context.Context, values ...interface{}) *StatusCmd { return nil }

func (c cmdable) MSetNX(ctx context.Context, values ...interface{}) *BoolCmd { return nil }

func (c cmdable) Set(ctx context.Context, key string, value interface{}, expiration time.Duration) *StatusCmd {
	return nil
}

func (c cmdable) SetArgs(ctx context.Context, key string, value interface{}, a SetArgs) *StatusCmd {
	return nil
}

func (c cmdable) SetEx(ctx context.Context, key string, value interface{}, expiration time.Duration) *StatusCmd {
	return nil
}

func (c cmdable) SetIFEQ(ctx context.Context, key string, value interface{}, matchValue interface{}, expiration time.Duration) *StatusCmd {
	return nil
}

func (c cmdable) SetIFNE(ctx context.Context, key string, value interface{}, matchValue interface{}, expiration time.Duration) *StatusCmd {
	return nil
}

func (c cmdable) SetIFDEQ(ctx context.Context, key string, value interface{}, matchDigest uint64, expiration time.Duration) *StatusCmd {
	return nil
}

func (c cmdable) SetIFDNE(ctx context.Context, key string, value interface{}, matchDigest uint64, expiration time.Duration) *StatusCmd {
	return nil
}

func (c cmdable) SetNX(ctx context.Context, key string, value interface{}, expiration time.Duration) *BoolCmd {
	return nil
}

func (c cmdable) SetXX(ctx context.Context, key string, value interface{}, expiration time.Duration) *BoolCmd {
	return nil
}

type HashCmdable interface {
	HDel(ctx context.Context, key string, fields ...string) *IntCmd
	HIncrBy(ctx context.Context, key, field string, incr int64) *IntCmd
	HMSet(ctx context.Context, key string, values ...interface{}) *BoolCmd
	HSet(ctx context.Context, key string, values ...interface{}) *IntCmd
	HSetNX(ctx context.Context, key, field string, value interface{}) *BoolCmd
}

func (c cmdable) HDel(ctx context.Context, key string, fields ...string) *IntCmd { return nil }

func (c cmdable) HIncrBy(ctx context.Context, key, field string, incr int64) *IntCmd { return nil }

func (c cmdable) HMSet(ctx context.Context, key string, values ...interface{}) *BoolCmd {
	return nil
}

func (c cmdable) HSet(ctx context.Context, key string, values ...interface{}) *IntCmd { return nil }

func (c cmdable) HSetNX(ctx context.Context, key, field string, value interface{}) *BoolCmd {
	return nil
}

type ListCmdable interface {
	LMove(ctx context.Context, source, destination, srcpos, destpos string) *StringCmd
	LPush(ctx context.Context, key string, values ...interface{}) *IntCmd
	LRem(ctx context.Context, key string, count int64, value interface{}) *IntCmd
	LSet(ctx context.Context, key string, index int64, value interface{}) *StatusCmd
	RPopLPush(ctx context.Context, source, destination string) *StringCmd
	RPush(ctx context.Context, key string, values ...interface{}) *IntCmd
}

func (c cmdable) LMove(ctx context.Context, source, destination, srcpos, destpos string) *StringCmd {
	return nil
}

func (c cmdable) LRem(ctx context.Context, key string, count int64, value interface{}) *IntCmd {
	return nil
}

func (c cmdable) RPopLPush(ctx context.Context, source, destination string) *StringCmd { return nil }

func (c cmdable) LPush(ctx context.Context, key string, values ...interface{}) *IntCmd { return nil }

func (c cmdable) LSet(ctx context.Context, key string, index int64, value interface{}) *StatusCmd {
	return nil
}

func (c cmdable) RPush(ctx context.Context, key string, values ...interface{}) *IntCmd { return nil }

type SetCmdable interface {
	SAdd(ctx context.Context, key string, members ...interface{}) *IntCmd
	SRem(ctx context.Context, key string, members ...interface{}) *IntCmd
}

func (c cmdable) SAdd(ctx context.Context, key string, members ...interface{}) *IntCmd { return nil }

func (c cmdable) SRem(ctx context.Context, key string, members ...interface{}) *IntCmd { return nil }

type Z struct {
	Score  float64
	Member interface{}
}

type SortedSetCmdable interface {
	ZAdd(ctx context.Context, key string, members ...Z) *IntCmd
	ZRem(ctx context.Context, key string, members ...interface{}) *IntCmd
}

func (c cmdable) ZAdd(ctx context.Context, key string, members ...Z) *IntCmd { return nil }

func (c cmdable) ZRem(ctx context.Context, key string, members ...interface{}) *IntCmd { return nil }

type XAddArgs struct {
	Stream     string
	NoMkStream bool
	MaxLen     int64
	MinID      string
	Approx     bool
	Limit      int64
	ID         string
	Values     interface{}
}

type XReadGroupArgs struct {
	Group    string
	Consumer string
	Streams  []string
	Count    int64
	Block    time.Duration
	NoAck    bool
}

type XClaimArgs struct {
	Stream   string
	Group    string
	Consumer string
	MinIdle  time.Duration
	Messages []string
}

type XAutoClaimArgs struct {
	Stream   string
	Group    string
	MinIdle  time.Duration
	Start    string
	Count    int64
	Consumer string
}

type StreamCmdable interface {
	XAdd(ctx context.Context, a *XAddArgs) *StringCmd
	XAck(ctx context.Context, stream, group string, ids ...string) *IntCmd
	XReadGroup(ctx context.Context, a *XReadGroupArgs) *XStreamSliceCmd
	XClaim(ctx context.Context, a *XClaimArgs) *XMessageSliceCmd
	XClaimJustID(ctx context.Context, a *XClaimArgs) *StringSliceCmd
	XAutoClaim(ctx context.Context, a *XAutoClaimArgs) *XAutoClaimCmd
	XAutoClaimJustID(ctx context.Context, a *XAutoClaimArgs) *XAutoClaimJustIDCmd
}

func (c cmdable) XAdd(ctx context.Context, a *XAddArgs) *StringCmd { return nil }

func (c cmdable) XAck(ctx context.Context, stream, group string, ids ...string) *IntCmd { return nil }

func (c cmdable) XReadGroup(ctx context.Context, a *XReadGroupArgs) *XStreamSliceCmd { return nil }

func (c cmdable) XClaim(ctx context.Context, a *XClaimArgs) *XMessageSliceCmd { return nil }

func (c cmdable) XClaimJustID(ctx context.Context, a *XClaimArgs) *StringSliceCmd { return nil }

func (c cmdable) XAutoClaim(ctx context.Context, a *XAutoClaimArgs) *XAutoClaimCmd { return nil }

func (c cmdable) XAutoClaimJustID(ctx context.Context, a *XAutoClaimArgs) *XAutoClaimJustIDCmd {
	return nil
}

type ScriptingFunctionsCmdable interface {
	Eval(ctx context.Context, script string, keys []string, args ...interface{}) *Cmd
	EvalSha(ctx context.Context, sha1 string, keys []string, args ...interface{}) *Cmd
	EvalRO(ctx context.Context, script string, keys []string, args ...interface{}) *Cmd
	EvalShaRO(ctx context.Context, sha1 string, keys []string, args ...interface{}) *Cmd
	ScriptExists(ctx context.Context, hashes ...string) *BoolSliceCmd
	ScriptLoad(ctx context.Context, script string) *StringCmd
	FCall(ctx context.Context, function string, keys []string, args ...interface{}) *Cmd
}

func (c cmdable) Eval(ctx context.Context, script string, keys []string, args ...interface{}) *Cmd {
	return nil
}

func (c cmdable) EvalSha(ctx context.Context, sha1 string, keys []string, args ...interface{}) *Cmd {
	return nil
}

func (c cmdable) EvalRO(ctx context.Context, script string, keys []string, args ...interface{}) *Cmd {
	return nil
}

func (c cmdable) EvalShaRO(ctx context.Context, sha1 string, keys []string, args ...interface{}) *Cmd {
	return nil
}

func (c cmdable) ScriptExists(ctx context.Context, hashes ...string) *BoolSliceCmd { return nil }

func (c cmdable) ScriptLoad(ctx context.Context, script string) *StringCmd { return nil }

func (c cmdable) FCall(ctx context.Context, function string, keys []string, args ...interface{}) *Cmd {
	return nil
}
