//! Parsers for the strings inside a ruleset: move patterns, end conditions, cell predicates and
//! integer expressions. Offsets in the trees are byte offsets inside the string; the loader maps
//! them to places in the file.

use pest::Parser;
use pest::iterators::Pair;
use std::ops::Range;

#[derive(pest_derive::Parser)]
#[grammar = "grammar.pest"]
struct Grammar;

/// A syntax error inside a string: where and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    pub at: Range<usize>,
    pub message: String,
}

/// A primitive with arguments: `step(forward-diagonal, to=empty)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Call {
    pub name: String,
    pub at: Range<usize>,
    pub args: Vec<Arg>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arg {
    pub key: Option<String>,
    pub value: ArgValue,
    pub at: Range<usize>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgValue {
    Int(i64),
    Name(String),
    /// Names joined by `|`.
    Names(Vec<String>),
    Vector(i32, i32),
}

/// How often a hop repeats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repeat {
    Once,
    OneOrMore,
    ZeroOrMore,
    Optional,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hop {
    pub call: Call,
    pub repeat: Repeat,
}

/// A parsed move pattern.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternAst {
    pub hops: Vec<Hop>,
    pub effects: Vec<Call>,
}

/// Whose pieces a condition looks at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Who {
    /// The player who made the last move.
    Mover,
    /// The player to move now.
    Next,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CondAst {
    Or(Vec<CondAst>),
    And(Vec<CondAst>),
    Not(Box<CondAst>),
    Test {
        call: Call,
        who: Option<Who>,
    },
    /// Two counts compared: `captured by mover >= 10`.
    Compare(CountAst, CmpOp, CountAst),
}

/// A count inside a condition: a number, a query of the position with the player it looks at
/// (`count(man) by next`, or a parameter's name), or counts joined by operators, a run of one
/// precedence being one `Chain` as in [`Expr`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CountAst {
    Int(i64),
    Query { call: Call, who: Option<Who> },
    Chain(Box<CountAst>, Vec<(BinOp, CountAst)>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

/// An integer expression. A run of operators of one precedence (`1 + 2 - x`) is one `Chain`,
/// evaluated left to right in a loop: however long the run, nothing recurses through it (not the
/// evaluation, the name check, nor dropping the tree). Only brackets nest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    Int(i64),
    Var(String, Range<usize>),
    /// The first operand, then each operator with its right operand, applied left to right.
    Chain(Box<Expr>, Vec<(BinOp, Expr)>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpOp {
    Eq,
    Ne,
    Le,
    Ge,
    Lt,
    Gt,
}

impl CmpOp {
    /// Does `a OP b` hold?
    #[inline]
    pub fn holds(self, a: i64, b: i64) -> bool {
        match self {
            CmpOp::Eq => a == b,
            CmpOp::Ne => a != b,
            CmpOp::Le => a <= b,
            CmpOp::Ge => a >= b,
            CmpOp::Lt => a < b,
            CmpOp::Gt => a > b,
        }
    }

    /// How it is written: `>=`.
    pub fn symbol(self) -> &'static str {
        match self {
            CmpOp::Eq => "==",
            CmpOp::Ne => "!=",
            CmpOp::Le => "<=",
            CmpOp::Ge => ">=",
            CmpOp::Lt => "<",
            CmpOp::Gt => ">",
        }
    }
}

impl BinOp {
    /// `a OP b`: `None` when it overflows or divides by zero. Division and remainder are
    /// Euclidean (`-7 / 2` is -4, `-7 % 2` is 1).
    #[inline]
    pub fn apply(self, a: i64, b: i64) -> Option<i64> {
        match self {
            BinOp::Add => a.checked_add(b),
            BinOp::Sub => a.checked_sub(b),
            BinOp::Mul => a.checked_mul(b),
            BinOp::Div | BinOp::Rem if b == 0 => None,
            BinOp::Div => a.checked_div_euclid(b),
            BinOp::Rem => a.checked_rem_euclid(b),
        }
    }

    /// How it is written: `+`.
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Rem => "%",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pred {
    Or(Vec<Pred>),
    And(Vec<Pred>),
    Not(Box<Pred>),
    Cmp(Expr, CmpOp, Expr),
}

/// The name a user sees for each grammar rule in "expected ..." messages.
fn rule_name(rule: &Rule) -> &'static str {
    match rule {
        Rule::EOI => "end of text",
        Rule::WHITESPACE => "a space",
        Rule::boundary => "end of a word",
        Rule::kw_then => "'then'",
        Rule::kw_and => "'and'",
        Rule::kw_or => "'or'",
        Rule::kw_not => "'not'",
        Rule::kw_by => "'by'",
        Rule::keyword => "a keyword",
        Rule::ident => "a name",
        Rule::int => "an integer",
        Rule::pattern => "a move pattern",
        Rule::hop => "a hop",
        Rule::repeat => "'+', '*' or '?'",
        Rule::call => "a primitive such as step(...)",
        Rule::arg => "an argument",
        Rule::argval => "a value",
        Rule::names => "names joined by |",
        Rule::single_call => "a call",
        Rule::eval_term => "an evaluation term such as 30 * region(corners)",
        Rule::times => "'*'",
        Rule::vector => "a vector (dx, dy)",
        Rule::open => "'('",
        Rule::close => "')'",
        Rule::comma => "','",
        Rule::equals => "'='",
        Rule::condition => "a condition",
        Rule::cond_or | Rule::cond_and | Rule::cond_not => "a condition",
        Rule::test => "a test such as line(4)",
        Rule::who => "'mover' or 'next'",
        Rule::compare => "a comparison such as captured >= 10",
        Rule::count_expr | Rule::count_term | Rule::count_factor => "a count",
        Rule::query => "a count such as count(man)",
        Rule::predicate | Rule::pred_or | Rule::pred_and | Rule::pred_not => "a cell predicate",
        Rule::comparison => "a comparison such as x == 0",
        Rule::cmp_op => "a comparison operator",
        Rule::number => "an integer expression",
        Rule::expr | Rule::term | Rule::factor => "an expression",
        Rule::add_op => "'+' or '-'",
        Rule::mul_op => "'*', '/' or '%'",
        Rule::uint => "a number",
        Rule::var => "a name",
    }
}

/// The longest string the small languages read (a move pattern, an end condition, a cell
/// predicate, an integer expression), in bytes; longer strings are refused before parsing.
pub const MAX_TEXT: usize = 16 * 1024;

/// The deepest the small languages nest: brackets, and `not`s in force, counted together.
/// The parser and the trees recurse once per level, and a deeper string, well within
/// [`MAX_TEXT`], would overflow the stack.
pub const MAX_NESTING: usize = 64;

/// Where `text` first nests deeper than [`MAX_NESTING`], if it does. A bracket opens a level
/// until it closes; a `not` opens one until its operand ends, at the next `and`, `or` or
/// closing bracket of its own level (the operand of `not` holds no `and` or `or` outside
/// brackets). So this counts at least as deep as the parser goes.
fn too_deep(text: &str) -> Option<usize> {
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'-' || b == b'_';
    let bytes = text.as_bytes();
    // The `not`s in force at each open bracket level, the outermost first.
    let mut nots = vec![0usize];
    let mut depth = 0;
    let mut i = 0;
    while i < bytes.len() {
        let start = i;
        match bytes[i] {
            b'(' => {
                nots.push(0);
                depth += 1;
                i += 1;
            }
            b')' if nots.len() > 1 => {
                depth -= 1 + nots.pop().unwrap_or(0);
                i += 1;
            }
            b if word(b) => {
                while i < bytes.len() && word(bytes[i]) {
                    i += 1;
                }
                let level = nots.last_mut().expect("the outermost level stays");
                match &text[start..i] {
                    "not" => {
                        *level += 1;
                        depth += 1;
                    }
                    "and" | "or" => {
                        depth -= *level;
                        *level = 0;
                    }
                    _ => {}
                }
            }
            _ => i += 1,
        }
        if depth > MAX_NESTING {
            return Some(start);
        }
    }
    None
}

fn parse_rule(rule: Rule, text: &str) -> Result<Pair<'_, Rule>, SyntaxError> {
    if text.len() > MAX_TEXT {
        return Err(SyntaxError {
            at: 0..0,
            message: format!(
                "this string is {} bytes long; a pattern, condition, predicate or expression may be at most {MAX_TEXT}",
                text.len()
            ),
        });
    }
    if let Some(at) = too_deep(text) {
        return Err(SyntaxError {
            at: at..at + 1,
            message: format!("nested too deep: brackets and 'not's may nest at most {MAX_NESTING} levels"),
        });
    }
    match Grammar::parse(rule, text) {
        Ok(mut pairs) => Ok(pairs.next().expect("the grammar's root rule always yields a pair")),
        Err(err) => {
            let at = match err.location {
                pest::error::InputLocation::Pos(p) => p..(p + 1).min(text.len()).max(p),
                pest::error::InputLocation::Span((a, b)) => a..b,
            };
            let found = if at.start >= text.len() {
                "the end".to_string()
            } else {
                let token: String = text[at.start..].chars().take_while(|c| !c.is_whitespace() && !"(),".contains(*c)).collect();
                let token = if token.is_empty() { text[at.start..].chars().next().map(String::from).unwrap_or_default() } else { token };
                // A long run of text is shown by its start.
                match token.char_indices().nth(24) {
                    Some((cut, _)) => format!("'{}...'", &token[..cut]),
                    None => format!("'{token}'"),
                }
            };
            let renamed = err.renamed_rules(|r| rule_name(r).to_string());
            let message = format!("{} (found {found})", renamed.variant.message());
            Err(SyntaxError { at, message })
        }
    }
}

fn range(pair: &Pair<'_, Rule>) -> Range<usize> {
    pair.as_span().start()..pair.as_span().end()
}

/// Parses a move pattern (`place(disc) then flip(all)`).
pub fn parse_pattern(text: &str) -> Result<PatternAst, SyntaxError> {
    let root = parse_rule(Rule::pattern, text)?;
    let mut hops = Vec::new();
    let mut effects = Vec::new();
    let mut after_then = false;
    for pair in root.into_inner() {
        match pair.as_rule() {
            Rule::hop => hops.push(parse_hop(pair)?),
            Rule::kw_then => after_then = true,
            Rule::call if after_then => effects.push(parse_call(pair)?),
            _ => {}
        }
    }
    Ok(PatternAst { hops, effects })
}

fn parse_hop(pair: Pair<'_, Rule>) -> Result<Hop, SyntaxError> {
    let mut inner = pair.into_inner();
    let call = parse_call(inner.next().expect("a hop starts with a call"))?;
    let repeat = match inner.next().map(|p| p.as_str()) {
        Some("+") => Repeat::OneOrMore,
        Some("*") => Repeat::ZeroOrMore,
        Some("?") => Repeat::Optional,
        _ => Repeat::Once,
    };
    Ok(Hop { call, repeat })
}

fn parse_call(pair: Pair<'_, Rule>) -> Result<Call, SyntaxError> {
    let at = range(&pair);
    let mut inner = pair.into_inner();
    let name = inner.next().expect("a call starts with a name").as_str().to_string();
    let args = inner.filter(|p| p.as_rule() == Rule::arg).map(parse_arg).collect::<Result<_, _>>()?;
    Ok(Call { name, at, args })
}

fn parse_int(pair: &Pair<'_, Rule>) -> Result<i64, SyntaxError> {
    pair.as_str().parse().map_err(|_| SyntaxError { at: range(pair), message: "integer out of range".into() })
}

fn parse_arg(pair: Pair<'_, Rule>) -> Result<Arg, SyntaxError> {
    let at = range(&pair);
    let mut key = None;
    let mut value = None;
    for part in pair.into_inner() {
        match part.as_rule() {
            Rule::ident => key = Some(part.as_str().to_string()),
            Rule::argval => {
                let inner = part.into_inner().next().expect("a value has one part");
                value = Some(match inner.as_rule() {
                    Rule::int => ArgValue::Int(parse_int(&inner)?),
                    Rule::vector => {
                        let mut nums = inner.into_inner().filter(|p| p.as_rule() == Rule::int);
                        let (a, b) = (nums.next().expect("dx"), nums.next().expect("dy"));
                        let (dx, dy) = (parse_int(&a)?, parse_int(&b)?);
                        let small = |v: i64, p: &Pair<'_, Rule>| {
                            i32::try_from(v).map_err(|_| SyntaxError { at: range(p), message: "vector too long".into() })
                        };
                        ArgValue::Vector(small(dx, &a)?, small(dy, &b)?)
                    }
                    Rule::names => ArgValue::Names(inner.into_inner().map(|p| p.as_str().to_string()).collect()),
                    _ => ArgValue::Name(inner.as_str().to_string()),
                });
            }
            _ => {}
        }
    }
    Ok(Arg { key, value: value.expect("an argument has a value"), at })
}

/// Parses one call standing alone (`most(pieces)`).
pub fn parse_single_call(text: &str) -> Result<Call, SyntaxError> {
    let root = parse_rule(Rule::single_call, text)?;
    parse_call(root.into_inner().next().expect("a call"))
}

/// Parses a term of `[eval]` (`30 * region(corners)`): its weight (1 when none is written) and
/// its call. The weight keeps its place in the text, for messages about it.
pub fn parse_eval_term(text: &str) -> Result<(i64, Range<usize>, Call), SyntaxError> {
    let root = parse_rule(Rule::eval_term, text)?;
    let mut weight = (1, 0..0);
    let mut call = None;
    for pair in root.into_inner() {
        match pair.as_rule() {
            Rule::int => weight = (parse_int(&pair)?, range(&pair)),
            Rule::call => call = Some(parse_call(pair)?),
            _ => {}
        }
    }
    Ok((weight.0, weight.1, call.expect("a term has a call")))
}

/// Parses an end condition (`line(4, exact) by mover`).
pub fn parse_condition(text: &str) -> Result<CondAst, SyntaxError> {
    let root = parse_rule(Rule::condition, text)?;
    let inner = root.into_inner().next().expect("a condition has a body");
    parse_cond(inner)
}

fn parse_cond(pair: Pair<'_, Rule>) -> Result<CondAst, SyntaxError> {
    match pair.as_rule() {
        Rule::cond_or | Rule::cond_and => {
            let is_or = pair.as_rule() == Rule::cond_or;
            let parts: Vec<CondAst> = pair
                .into_inner()
                .filter(|p| !matches!(p.as_rule(), Rule::kw_or | Rule::kw_and))
                .map(parse_cond)
                .collect::<Result<_, _>>()?;
            Ok(if parts.len() == 1 {
                parts.into_iter().next().expect("one part")
            } else if is_or {
                CondAst::Or(parts)
            } else {
                CondAst::And(parts)
            })
        }
        Rule::cond_not => {
            let mut inner = pair.into_inner();
            let first = inner.next().expect("cond_not has a part");
            match first.as_rule() {
                Rule::kw_not => Ok(CondAst::Not(Box::new(parse_cond(inner.next().expect("operand"))?))),
                _ => parse_cond(first),
            }
        }
        Rule::test => {
            let (call, who) = parse_call_by(pair)?;
            Ok(CondAst::Test { call, who })
        }
        Rule::compare => {
            let mut inner = pair.into_inner();
            let left = parse_count(inner.next().expect("left side"))?;
            let op = parse_cmp_op(inner.next().expect("operator").as_str());
            let right = parse_count(inner.next().expect("right side"))?;
            Ok(CondAst::Compare(left, op, right))
        }
        other => unreachable!("unexpected rule {other:?} in a condition"),
    }
}

/// A call with the player it looks at: a test or a count.
fn parse_call_by(pair: Pair<'_, Rule>) -> Result<(Call, Option<Who>), SyntaxError> {
    let mut inner = pair.into_inner();
    let call = parse_call(inner.next().expect("a test or count has a call"))?;
    let who = inner.find(|p| p.as_rule() == Rule::who).map(|p| match p.as_str() {
        "mover" => Who::Mover,
        _ => Who::Next,
    });
    Ok((call, who))
}

fn parse_cmp_op(op: &str) -> CmpOp {
    match op {
        "==" => CmpOp::Eq,
        "!=" => CmpOp::Ne,
        "<=" => CmpOp::Le,
        ">=" => CmpOp::Ge,
        "<" => CmpOp::Lt,
        _ => CmpOp::Gt,
    }
}

fn parse_bin_op(op: &str) -> BinOp {
    match op {
        "+" => BinOp::Add,
        "-" => BinOp::Sub,
        "*" => BinOp::Mul,
        "/" => BinOp::Div,
        _ => BinOp::Rem,
    }
}

fn parse_count(pair: Pair<'_, Rule>) -> Result<CountAst, SyntaxError> {
    match pair.as_rule() {
        Rule::count_expr | Rule::count_term => {
            let mut inner = pair.into_inner();
            let first = parse_count(inner.next().expect("first operand"))?;
            let mut rest = Vec::new();
            while let Some(op) = inner.next() {
                rest.push((parse_bin_op(op.as_str()), parse_count(inner.next().expect("second operand"))?));
            }
            Ok(if rest.is_empty() { first } else { CountAst::Chain(Box::new(first), rest) })
        }
        Rule::count_factor => parse_count(pair.into_inner().next().expect("a count has a part")),
        Rule::uint => Ok(CountAst::Int(parse_int(&pair)?)),
        Rule::query => {
            let (call, who) = parse_call_by(pair)?;
            Ok(CountAst::Query { call, who })
        }
        other => unreachable!("unexpected rule {other:?} in a count"),
    }
}

/// Parses a cell predicate (`x + y == 7 or y == 0`).
pub fn parse_predicate(text: &str) -> Result<Pred, SyntaxError> {
    let root = parse_rule(Rule::predicate, text)?;
    parse_pred(root.into_inner().next().expect("a predicate has a body"))
}

fn parse_pred(pair: Pair<'_, Rule>) -> Result<Pred, SyntaxError> {
    match pair.as_rule() {
        Rule::pred_or | Rule::pred_and => {
            let is_or = pair.as_rule() == Rule::pred_or;
            let parts: Vec<Pred> = pair
                .into_inner()
                .filter(|p| !matches!(p.as_rule(), Rule::kw_or | Rule::kw_and))
                .map(parse_pred)
                .collect::<Result<_, _>>()?;
            Ok(if parts.len() == 1 {
                parts.into_iter().next().expect("one part")
            } else if is_or {
                Pred::Or(parts)
            } else {
                Pred::And(parts)
            })
        }
        Rule::pred_not => {
            let mut inner = pair.into_inner();
            let first = inner.next().expect("pred_not has a part");
            match first.as_rule() {
                Rule::kw_not => Ok(Pred::Not(Box::new(parse_pred(inner.next().expect("operand"))?))),
                _ => parse_pred(first),
            }
        }
        Rule::comparison => {
            let mut inner = pair.into_inner();
            let left = parse_expr(inner.next().expect("left side"))?;
            let op = parse_cmp_op(inner.next().expect("operator").as_str());
            let right = parse_expr(inner.next().expect("right side"))?;
            Ok(Pred::Cmp(left, op, right))
        }
        other => unreachable!("unexpected rule {other:?} in a predicate"),
    }
}

/// Parses an integer expression (`size - 1`).
pub fn parse_number(text: &str) -> Result<Expr, SyntaxError> {
    let root = parse_rule(Rule::number, text)?;
    parse_expr(root.into_inner().next().expect("a number has an expression"))
}

fn parse_expr(pair: Pair<'_, Rule>) -> Result<Expr, SyntaxError> {
    match pair.as_rule() {
        Rule::expr | Rule::term => {
            let mut inner = pair.into_inner();
            let first = parse_expr(inner.next().expect("first operand"))?;
            let mut rest = Vec::new();
            while let Some(op) = inner.next() {
                rest.push((parse_bin_op(op.as_str()), parse_expr(inner.next().expect("second operand"))?));
            }
            Ok(if rest.is_empty() { first } else { Expr::Chain(Box::new(first), rest) })
        }
        Rule::factor => parse_expr(pair.into_inner().next().expect("a factor has a part")),
        Rule::uint => Ok(Expr::Int(parse_int(&pair)?)),
        Rule::var => Ok(Expr::Var(pair.as_str().to_string(), range(&pair))),
        other => unreachable!("unexpected rule {other:?} in an expression"),
    }
}

impl Expr {
    /// Evaluates with `lookup` giving each variable's value; errors name the unknown variable
    /// or a division by zero.
    pub fn eval(&self, lookup: &dyn Fn(&str) -> Option<i64>) -> Result<i64, SyntaxError> {
        Ok(match self {
            Expr::Int(v) => *v,
            Expr::Var(name, at) => lookup(name).ok_or_else(|| SyntaxError { at: at.clone(), message: format!("unknown name '{name}'") })?,
            Expr::Chain(first, rest) => {
                let mut a = first.eval(lookup)?;
                for (op, b) in rest {
                    let b = b.eval(lookup)?;
                    if b == 0 && matches!(op, BinOp::Div | BinOp::Rem) {
                        return Err(SyntaxError { at: 0..0, message: "division by zero".into() });
                    }
                    a = op.apply(a, b).ok_or_else(|| SyntaxError { at: 0..0, message: "the number is too large".into() })?;
                }
                a
            }
        })
    }
}

impl Expr {
    /// The first variable `known` does not know, wherever it stands.
    pub fn check_names(&self, known: &dyn Fn(&str) -> bool) -> Result<(), SyntaxError> {
        match self {
            Expr::Int(_) => Ok(()),
            Expr::Var(name, at) if !known(name) => Err(SyntaxError { at: at.clone(), message: format!("unknown name '{name}'") }),
            Expr::Var(..) => Ok(()),
            Expr::Chain(first, rest) => {
                first.check_names(known)?;
                rest.iter().try_for_each(|(_, e)| e.check_names(known))
            }
        }
    }
}

impl Pred {
    /// Checks every name, also those an evaluation would never reach (`false and x == 1`).
    pub fn check_names(&self, known: &dyn Fn(&str) -> bool) -> Result<(), SyntaxError> {
        match self {
            Pred::Or(parts) | Pred::And(parts) => parts.iter().try_for_each(|p| p.check_names(known)),
            Pred::Not(p) => p.check_names(known),
            Pred::Cmp(a, _, b) => a.check_names(known).and_then(|()| b.check_names(known)),
        }
    }

    pub fn eval(&self, lookup: &dyn Fn(&str) -> Option<i64>) -> Result<bool, SyntaxError> {
        Ok(match self {
            Pred::Or(parts) => {
                for p in parts {
                    if p.eval(lookup)? {
                        return Ok(true);
                    }
                }
                false
            }
            Pred::And(parts) => {
                for p in parts {
                    if !p.eval(lookup)? {
                        return Ok(false);
                    }
                }
                true
            }
            Pred::Not(p) => !p.eval(lookup)?,
            Pred::Cmp(a, op, b) => op.holds(a.eval(lookup)?, b.eval(lookup)?),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pattern_with_effects() {
        let p = parse_pattern("place(disc) then flip(all)").unwrap();
        assert_eq!(p.hops.len(), 1);
        assert_eq!(p.hops[0].call.name, "place");
        assert_eq!(p.effects[0].name, "flip");
    }

    #[test]
    fn pattern_with_repeats_and_keywords() {
        let p = parse_pattern("canter(all)* jump(all, over=enemy)+").unwrap();
        assert_eq!(p.hops[0].repeat, Repeat::ZeroOrMore);
        assert_eq!(p.hops[1].repeat, Repeat::OneOrMore);
        assert_eq!(p.hops[1].call.args[1].key.as_deref(), Some("over"));
        let p = parse_pattern("leap((1,2), (2,1))").unwrap();
        assert_eq!(p.hops[0].call.args[0].value, ArgValue::Vector(1, 2));
    }

    #[test]
    fn pattern_errors_point_into_the_string() {
        let err = parse_pattern("place(disc then").unwrap_err();
        assert_eq!(err.at.start, 11, "{err:?}");
        assert!(err.message.contains("expected"), "{}", err.message);
    }

    #[test]
    fn conditions() {
        let c = parse_condition("line(4, exact) by mover or no-moves").unwrap();
        assert!(matches!(c, CondAst::Or(ref parts) if parts.len() == 2));
        let c = parse_condition("not no-pieces by next").unwrap();
        assert!(matches!(c, CondAst::Not(_)));
    }

    #[test]
    fn comparisons_of_counts() {
        let c = parse_condition("captured by mover >= 10 or line(5)").unwrap();
        let CondAst::Or(parts) = c else { panic!("an or: {c:?}") };
        let CondAst::Compare(CountAst::Query { call, who }, CmpOp::Ge, CountAst::Int(10)) = &parts[0] else {
            panic!("a comparison: {:?}", parts[0])
        };
        assert_eq!((call.name.as_str(), *who), ("captured", Some(Who::Mover)));
        let c = parse_condition("count(man, in=far) by mover > count(man) by next + 2 * x").unwrap();
        let CondAst::Compare(_, CmpOp::Gt, CountAst::Chain(first, rest)) = c else { panic!("a sum on the right: {c:?}") };
        assert!(matches!(*first, CountAst::Query { ref who, .. } if *who == Some(Who::Next)));
        assert!(matches!(rest.as_slice(), [(BinOp::Add, CountAst::Chain(..))]));
        // Brackets hold a condition or a sum, whichever reads.
        assert!(matches!(parse_condition("(line(3) or no-moves) and not (passes + 1) == 2").unwrap(), CondAst::And(_)));
        assert!(matches!(parse_condition("not checks >= 3").unwrap(), CondAst::Not(_)));
        let err = parse_condition("count(man) by mover >").unwrap_err();
        assert!(err.message.contains("expected a count"), "{}", err.message);
    }

    #[test]
    fn predicates_and_numbers() {
        let p = parse_predicate("x + y == 7 or (y == 0 and x != 3)").unwrap();
        let at = |x: i64, y: i64| {
            p.eval(&move |n| match n {
                "x" => Some(x),
                "y" => Some(y),
                _ => None,
            })
            .unwrap()
        };
        assert!(at(3, 4));
        assert!(at(2, 0));
        assert!(!at(3, 0));
        let e = parse_number("size - 1").unwrap();
        assert_eq!(e.eval(&|n| (n == "size").then_some(8)).unwrap(), 7);
        let err = parse_number("size-").unwrap_err();
        assert!(err.message.contains("expected"), "{}", err.message);
        assert_eq!(parse_number("10 - 2 - 3").unwrap().eval(&|_| None).unwrap(), 5);
        assert_eq!(parse_number("2 + 3 * 4 - 6 / 2").unwrap().eval(&|_| None).unwrap(), 11);
    }

    #[test]
    fn a_long_flat_expression_needs_no_deep_stack() {
        // 8000 operands: as a tree nested one level per operator, evaluating, checking and
        // dropping it recursed 8000 deep; as a chain it is a loop.
        let text = vec!["1"; 8000].join("+");
        assert!(text.len() <= MAX_TEXT);
        let worker = std::thread::Builder::new().stack_size(256 * 1024).spawn(move || {
            let e = parse_number(&text).unwrap();
            e.check_names(&|_| false).unwrap();
            e.eval(&|_| None).unwrap()
        });
        assert_eq!(worker.unwrap().join().unwrap(), 8000);
    }

    /// Within the 16 KiB limit, an expression nested about 5,500 deep, a cell predicate 2,500
    /// deep and a `not` chain overflowed the stack (exit 134) while parsing.
    #[test]
    fn deep_nesting_is_refused_at_its_place() {
        let run = |text: String| {
            std::thread::Builder::new().stack_size(256 * 1024).spawn(move || {
                let number = parse_number(&text).map(|_| ()).map_err(|e| (e.at.start, e.message.clone()));
                let pred = parse_predicate(&format!("x == {text}")).map(|_| ()).map_err(|e| e.at.start);
                (number, pred)
            })
        };
        let deep = format!("{}1{}", "(".repeat(5000), ")".repeat(5000));
        let (number, pred) = run(deep).unwrap().join().unwrap();
        let (at, message) = number.unwrap_err();
        assert_eq!((at, message.as_str()), (64, "nested too deep: brackets and 'not's may nest at most 64 levels"));
        assert_eq!(pred.unwrap_err(), 69);
        // Exactly the limit is read.
        let fits = format!("{}1{}", "(".repeat(64), ")".repeat(64));
        assert_eq!(parse_number(&fits).unwrap().eval(&|_| None).unwrap(), 1);
        let nots = format!("{}x == 1", "not ".repeat(3000));
        assert_eq!(parse_predicate(&nots).unwrap_err().at.start, 4 * 64);
        let condition = format!("{}no-moves", "not ".repeat(3000));
        assert!(parse_condition(&condition).unwrap_err().message.starts_with("nested too deep"));
        // `not`s joined by `and` do not nest: a long list is read.
        let list = vec!["not x == 1"; 500].join(" and ");
        assert!(parse_predicate(&list).is_ok());
        let bracketed = format!("{}x == 1{}", "(not ".repeat(32), ")".repeat(32));
        assert!(parse_predicate(&bracketed).is_ok());
        let deeper = format!("{}x == 1{}", "(not ".repeat(33), ")".repeat(33));
        assert!(parse_predicate(&deeper).is_err());
    }

    #[test]
    fn strings_longer_than_the_limit_are_refused_before_parsing() {
        let text = vec!["1"; 120_001].join(" + ");
        let err = parse_number(&text).unwrap_err();
        assert_eq!(
            err.message,
            format!("this string is {} bytes long; a pattern, condition, predicate or expression may be at most 16384", text.len())
        );
        let err = parse_predicate(&format!("x == {text}")).unwrap_err();
        assert!(err.message.contains("at most 16384"), "{}", err.message);
        assert!(parse_pattern(&"step(all) ".repeat(2000)).unwrap_err().message.contains("at most 16384"));
    }
}
