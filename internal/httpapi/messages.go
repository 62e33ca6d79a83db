package httpapi

// messages is the error catalogue: every code an answer can carry, in EN, KM
// and CN at least. A language missing a code falls back to EN. The spec's own
// message keys (in_need_true_account, inconsistent_twice,
// invitation_code_error, in_been_out) keep their names inside the codes.
var messages = map[string]map[string]string{
	"system.error": {
		"EN": "Unknown error, please try again later",
		"KM": "កំហុសមិនស្គាល់ សូមព្យាយាមម្តងទៀតនៅពេលក្រោយ",
		"CN": "未知错误，请稍后再试",
	},
	"system.maintenance": {
		"EN": "System maintenance in progress",
		"KM": "ប្រព័ន្ធកំពុងថែទាំ",
		"CN": "系统维护中",
	},
	"system.region_restricted": {
		"EN": "Access is restricted in your location",
		"KM": "ការចូលប្រើត្រូវបានដាក់កម្រិតនៅទីតាំងរបស់អ្នក",
		"CN": "您所在的地区访问受限",
	},
	"invalid.domain": {
		"EN": "Invalid domain, contact customer service",
		"KM": "ដែនមិនត្រឹមត្រូវ សូមទាក់ទងផ្នែកបម្រើអតិថិជន",
		"CN": "无效的域名，请联系客服",
	},
	"request.invalid_parameter": {
		"EN": "A request parameter is missing or invalid",
		"KM": "ប៉ារ៉ាម៉ែត្រសំណើបាត់ ឬមិនត្រឹមត្រូវ",
		"CN": "请求参数缺失或无效",
	},
	"request.upgrade_required": {
		"EN": "This address takes a websocket connection",
		"KM": "អាសយដ្ឋាននេះទទួលការតភ្ជាប់ websocket",
		"CN": "此地址需要 websocket 连接",
	},
	"request.invalid_body": {
		"EN": "The request body is malformed",
		"KM": "តួសំណើមិនត្រឹមត្រូវ",
		"CN": "请求内容格式错误",
	},
	"request.too_large": {
		"EN": "The request body is too large",
		"KM": "តួសំណើធំពេក",
		"CN": "请求内容过大",
	},
	"request.header_too_large": {
		"EN": "The request's headers are too large",
		"KM": "ក្បាលសំណើធំពេក",
		"CN": "请求头过大",
	},
	"request.cancelled": {
		"EN": "The request was cancelled",
		"KM": "សំណើត្រូវបានបោះបង់",
		"CN": "请求已取消",
	},
	"request.not_found": {
		"EN": "No such address",
		"KM": "មិនមានអាសយដ្ឋាននេះទេ",
		"CN": "地址不存在",
	},
	"request.method_not_allowed": {
		"EN": "This method is not allowed here",
		"KM": "វិធីសាស្ត្រនេះមិនត្រូវបានអនុញ្ញាតទេ",
		"CN": "不允许此请求方法",
	},
	"request.too_many": {
		"EN": "Too many requests, please retry later",
		"KM": "សំណើច្រើនពេក សូមព្យាយាមម្តងទៀតនៅពេលក្រោយ",
		"CN": "请求过于频繁，请稍后再试",
	},
	"validation.field_invalid": {
		"EN": "Account, password or e-mail format incorrect",
		"KM": "ទម្រង់គណនី ពាក្យសម្ងាត់ ឬអ៊ីមែលមិនត្រឹមត្រូវ",
		"CN": "账号、密码或邮箱格式不正确",
	},
	"game.demo_unavailable": {
		"EN": "This game has no free demo; log in to play",
		"KM": "ហ្គេមនេះមិនមានការសាកល្បងឥតគិតថ្លៃទេ សូមចូលគណនីដើម្បីលេង",
		"CN": "此游戏没有免费试玩，请登录后游戏",
	},
	"game.maintenance": {
		"EN": "This game is under maintenance; please try another game",
		"KM": "ហ្គេមនេះកំពុងថែទាំ សូមសាកល្បងហ្គេមផ្សេងទៀត",
		"CN": "该游戏维护中，请尝试其他游戏",
	},
	"favourite.too_many": {
		"EN": "You have the most favourites allowed; remove one first",
		"KM": "អ្នកមានចំណូលចិត្តច្រើនបំផុតហើយ សូមដកចេញមួយជាមុនសិន",
		"CN": "收藏已达上限，请先移除一个",
	},
	"game.not_found": {
		"EN": "This game does not exist or is no longer offered",
		"KM": "ហ្គេមនេះមិនមាន ឬលែងផ្តល់ជូនទៀតហើយ",
		"CN": "该游戏不存在或已下架",
	},
	"vendor.not_found": {
		"EN": "This game provider is not available",
		"KM": "អ្នកផ្គត់ផ្គង់ហ្គេមនេះមិនមានទេ",
		"CN": "该游戏供应商不可用",
	},
	"game.session_expired": {
		"EN": "This game session has ended; close the game and open it again",
		"KM": "វគ្គហ្គេមនេះបានបញ្ចប់ហើយ សូមបិទហ្គេម ហើយបើកវាម្តងទៀត",
		"CN": "游戏会话已结束，请关闭游戏后重新打开",
	},
	// Said to a player whose stake is too big and to an operator whose
	// approved debit is: worded for both.
	"wallet.insufficient_funds": {
		"EN": "The balance does not cover this amount",
		"KM": "សមតុល្យមិនគ្រប់គ្រាន់សម្រាប់ចំនួននេះទេ",
		"CN": "余额不足以支付此金额",
	},
	"inhouse.bet_invalid": {
		"EN": "This bet is not allowed; check the stake and the game's limits",
		"KM": "ការភ្នាល់នេះមិនត្រូវបានអនុញ្ញាតទេ សូមពិនិត្យចំនួនភ្នាល់ និងដែនកំណត់របស់ហ្គេម",
		"CN": "此投注无效，请检查投注额和游戏限额",
	},
	"inhouse.round_void": {
		"EN": "This round was cancelled and your stake was not taken; please play again",
		"KM": "ជុំនេះត្រូវបានលុបចោល ហើយប្រាក់ភ្នាល់របស់អ្នកមិនត្រូវបានកាត់ទេ សូមលេងម្តងទៀត",
		"CN": "本局已取消，未扣除投注额，请重新游戏",
	},
	"inhouse.retry": {
		"EN": "The wallet is busy; your round is kept, press again to finish it",
		"KM": "កាបូបកំពុងរវល់ ជុំរបស់អ្នកត្រូវបានរក្សាទុក សូមចុចម្តងទៀតដើម្បីបញ្ចប់វា",
		"CN": "钱包繁忙，您的这一局已保留，请再按一次完成",
	},
	"inhouse.request_reused": {
		"EN": "This request was already used for another bet; please play again",
		"KM": "សំណើនេះត្រូវបានប្រើសម្រាប់ការភ្នាល់ផ្សេងរួចហើយ សូមលេងម្តងទៀត",
		"CN": "该请求已用于另一笔投注，请重新游戏",
	},
	"inhouse.client_seed_invalid": {
		"EN": "A client seed is 1 to 64 letters, digits or symbols, without ':'",
		"KM": "គ្រាប់ពូជអតិថិជនមាន ១ ដល់ ៦៤ តួអក្សរ លេខ ឬនិមិត្តសញ្ញា ដោយគ្មាន ':'",
		"CN": "客户端种子为 1 到 64 个字母、数字或符号，不能含有 ':'",
	},
	"request.decrypt_failed": {
		"EN": "The encrypted request could not be read, please refresh and try again",
		"KM": "មិនអាចអានសំណើដែលបានអ៊ិនគ្រីបទេ សូមផ្ទុកឡើងវិញ ហើយព្យាយាមម្តងទៀត",
		"CN": "无法读取加密请求，请刷新后重试",
	},
	"request.replayed": {
		"EN": "This request was already received; please try again",
		"KM": "សំណើនេះត្រូវបានទទួលរួចហើយ សូមព្យាយាមម្តងទៀត",
		"CN": "该请求已被接收过，请重试",
	},
	"validation.required": {
		"EN": "Items marked * are required",
		"KM": "ធាតុដែលមានសញ្ញា * ត្រូវតែបំពេញ",
		"CN": "带 * 的项目为必填",
	},
	"validation.empty": {
		"EN": "Input cannot be empty",
		"KM": "ការបញ្ចូលមិនអាចទទេបានទេ",
		"CN": "输入不能为空",
	},
	"validation.format_incorrect": {
		"EN": "Format incorrect",
		"KM": "ទម្រង់មិនត្រឹមត្រូវ",
		"CN": "格式不正确",
	},
	"validation.real_name_invalid": {
		"EN": "Real name format incorrect",
		"KM": "ទម្រង់ឈ្មោះពិតមិនត្រឹមត្រូវ",
		"CN": "真实姓名格式不正确",
	},
	"member.confirmation_incorrect": {
		"EN": "Incorrect confirmation input",
		"KM": "ការបញ្ចូលដើម្បីបញ្ជាក់មិនត្រឹមត្រូវ",
		"CN": "确认输入有误",
	},
	"login.verification_incomplete": {
		"EN": "Please complete verification first",
		"KM": "សូមបំពេញការផ្ទៀងផ្ទាត់ជាមុនសិន",
		"CN": "请先完成验证",
	},
	"login.verification_closed": {
		"EN": "Login failed, please try again",
		"KM": "ការចូលបានបរាជ័យ សូមព្យាយាមម្តងទៀត",
		"CN": "登录失败，请重试",
	},
	"login.contact_agent": {
		"EN": "This account is restricted, please contact your agent",
		"KM": "គណនីនេះត្រូវបានដាក់កម្រិត សូមទាក់ទងភ្នាក់ងាររបស់អ្នក",
		"CN": "该账号受限，请联系您的代理",
	},
	"sms.failed": {
		"EN": "Phone verification failed, please try again later",
		"KM": "ការផ្ទៀងផ្ទាត់ទូរស័ព្ទបានបរាជ័យ សូមព្យាយាមម្តងទៀតនៅពេលក្រោយ",
		"CN": "手机验证失败，请稍后重试",
	},
	"feature.disabled": {
		"EN": "This function is not enabled, please contact customer service",
		"KM": "មុខងារនេះមិនត្រូវបានបើកទេ សូមទាក់ទងផ្នែកបម្រើអតិថិជន",
		"CN": "该功能未开通，请联系客服",
	},
	"validation.inconsistent_twice": {
		"EN": "The two passwords are not the same",
		"KM": "ពាក្យសម្ងាត់ទាំងពីរមិនដូចគ្នាទេ",
		"CN": "两次输入的密码不一致",
	},
	"login.password.incorrect": {
		"EN": "Incorrect account or password",
		"KM": "គណនី ឬពាក្យសម្ងាត់មិនត្រឹមត្រូវ",
		"CN": "账号或密码错误",
	},
	"login.captcha_required": {
		"EN": "Please enter the captcha",
		"KM": "សូមបញ្ចូលលេខកូដផ្ទៀងផ្ទាត់",
		"CN": "请输入验证码",
	},
	"login.captcha_incorrect": {
		"EN": "Captcha check failed, please try again",
		"KM": "ការផ្ទៀងផ្ទាត់លេខកូដបរាជ័យ សូមព្យាយាមម្តងទៀត",
		"CN": "验证码校验失败，请重试",
	},
	"register.disabled": {
		"EN": "Registration by username is not open",
		"KM": "ការចុះឈ្មោះដោយឈ្មោះអ្នកប្រើមិនទាន់បើកទេ",
		"CN": "暂未开放用户名注册",
	},
	"register.terms_required": {
		"EN": "Please agree to the terms and confirm you are 18 or older",
		"KM": "សូមយល់ព្រមតាមលក្ខខណ្ឌ ហើយបញ្ជាក់ថាអ្នកមានអាយុ 18 ឆ្នាំឡើងទៅ",
		"CN": "请同意条款并确认您已年满18岁",
	},
	"register.invitation_code_error": {
		"EN": "Invalid invitation code",
		"KM": "លេខកូដអញ្ជើញមិនត្រឹមត្រូវ",
		"CN": "邀请码无效",
	},
	"register.username_taken": {
		"EN": "This username is already taken",
		"KM": "ឈ្មោះអ្នកប្រើនេះមានគេប្រើរួចហើយ",
		"CN": "该用户名已被注册",
	},
	"register.mobile_taken": {
		"EN": "This mobile number is already registered",
		"KM": "លេខទូរស័ព្ទនេះត្រូវបានចុះឈ្មោះរួចហើយ",
		"CN": "该手机号已被注册",
	},
	"freeplay.disabled": {
		"EN": "Free play is not available",
		"KM": "ការលេងសាកល្បងឥតគិតថ្លៃមិនមានទេ",
		"CN": "暂不支持免费试玩",
	},
	"sms.phone_missing": {
		"EN": "Please enter your mobile number",
		"KM": "សូមបញ្ចូលលេខទូរស័ព្ទរបស់អ្នក",
		"CN": "请输入手机号码",
	},
	"sms.phone_invalid": {
		"EN": "Please enter a valid mobile number",
		"KM": "សូមបញ្ចូលលេខទូរស័ព្ទដែលត្រឹមត្រូវ",
		"CN": "请输入有效的手机号码",
	},
	"sms.too_soon": {
		"EN": "A code was just sent, please wait before asking again",
		"KM": "លេខកូដទើបតែបានផ្ញើ សូមរង់ចាំមុននឹងស្នើម្តងទៀត",
		"CN": "验证码刚刚已发送，请稍候再试",
	},
	"sms.too_many_requests": {
		"EN": "Too many requests, please retry after 5 minutes",
		"KM": "សំណើច្រើនពេក សូមព្យាយាមម្តងទៀតបន្ទាប់ពី 5 នាទី",
		"CN": "请求过于频繁，请 5 分钟后再试",
	},
	"sms.quota_insufficient": {
		"EN": "SMS quota insufficient, please contact customer service",
		"KM": "កូតា SMS មិនគ្រប់គ្រាន់ សូមទាក់ទងផ្នែកបម្រើអតិថិជន",
		"CN": "短信额度不足，请联系客服",
	},
	"sms.not_enabled": {
		"EN": "This function is not enabled, please contact customer service",
		"KM": "មុខងារនេះមិនត្រូវបានបើកទេ សូមទាក់ទងផ្នែកបម្រើអតិថិជន",
		"CN": "该功能未开通，请联系客服",
	},
	"sms.code_missing": {
		"EN": "Please enter the verification code",
		"KM": "សូមបញ្ចូលលេខកូដផ្ទៀងផ្ទាត់",
		"CN": "请输入验证码",
	},
	"sms.code_invalid": {
		"EN": "A valid verification code is required",
		"KM": "ត្រូវការលេខកូដផ្ទៀងផ្ទាត់ដែលត្រឹមត្រូវ",
		"CN": "请输入有效的验证码",
	},
	"sms.code_expired": {
		"EN": "The code has expired, please send again",
		"KM": "លេខកូដបានផុតកំណត់ សូមផ្ញើម្តងទៀត",
		"CN": "验证码已过期，请重新发送",
	},
	"member.in_been_out": {
		"EN": "If the account and e-mail match, a reset link has been sent out; check your inbox",
		"KM": "ប្រសិនបើគណនី និងអ៊ីមែលត្រូវគ្នា តំណកំណត់ឡើងវិញត្រូវបានផ្ញើចេញហើយ សូមពិនិត្យប្រអប់សំបុត្ររបស់អ្នក",
		"CN": "如账号与邮箱匹配，重置链接已发送，请查收邮件",
	},
	"member.reset_link_invalid": {
		"EN": "This reset link is invalid or has expired, please ask for a new one",
		"KM": "តំណកំណត់ឡើងវិញនេះមិនត្រឹមត្រូវ ឬផុតកំណត់ហើយ សូមស្នើតំណថ្មី",
		"CN": "该重置链接无效或已过期，请重新申请",
	},
	"member.in_need_true_account": {
		"EN": "Please register or log in with a real account",
		"KM": "សូមចុះឈ្មោះ ឬចូលដោយគណនីពិត",
		"CN": "请注册或使用真实账号登录",
	},
	"login.too_many_attempts": {
		"EN": "Too many failed attempts, please retry after 5 minutes",
		"KM": "ការព្យាយាមបរាជ័យច្រើនពេក សូមព្យាយាមម្តងទៀតបន្ទាប់ពី 5 នាទី",
		"CN": "失败次数过多，请 5 分钟后再试",
	},
	"login.account_frozen": {
		"EN": "This account is frozen, please contact customer service",
		"KM": "គណនីនេះត្រូវបានបង្កក សូមទាក់ទងផ្នែកបម្រើអតិថិជន",
		"CN": "该账号已被冻结，请联系客服",
	},
	"login.not_agent": {
		"EN": "This account is not an agent; please log in on the member site",
		"KM": "គណនីនេះមិនមែនជាភ្នាក់ងារទេ សូមចូលនៅគេហទំព័រសមាជិក",
		"CN": "该账号不是代理账号，请在会员端登录",
	},
	"login.not_member": {
		"EN": "This account is not a member account; please log in at the agent centre",
		"KM": "គណនីនេះមិនមែនជាគណនីសមាជិកទេ សូមចូលនៅមជ្ឈមណ្ឌលភ្នាក់ងារ",
		"CN": "该账号不是会员账号，请在代理中心登录",
	},
	"register.underage": {
		"EN": "You must be of legal age to register",
		"KM": "អ្នកត្រូវតែមានអាយុគ្រប់តាមច្បាប់ដើម្បីចុះឈ្មោះ",
		"CN": "您必须达到法定年龄才能注册",
	},
	"login.ip_verification_required": {
		"EN": "This log-in comes from a new address: please verify it is you",
		"KM": "ការចូលនេះមកពីអាសយដ្ឋានថ្មី៖ សូមផ្ទៀងផ្ទាត់ថាជាអ្នក",
		"CN": "此次登录来自新的地址，请验证是您本人",
	},
	"member.totp_enabled": {
		"EN": "An authenticator is already set up; remove it first",
		"KM": "កម្មវិធីផ្ទៀងផ្ទាត់ត្រូវបានរៀបចំរួចហើយ សូមដកវាចេញជាមុនសិន",
		"CN": "已设置身份验证器，请先将其移除",
	},
	"member.totp_not_set_up": {
		"EN": "No authenticator is set up for this account",
		"KM": "គណនីនេះមិនទាន់មានកម្មវិធីផ្ទៀងផ្ទាត់ទេ",
		"CN": "此账号尚未设置身份验证器",
	},
	"member.password_change_required": {
		"EN": "Please change your password first",
		"KM": "សូមប្តូរពាក្យសម្ងាត់របស់អ្នកជាមុនសិន",
		"CN": "请先修改密码",
	},
	"member.password_not_new": {
		"EN": "Choose a new password that is not the default one or the current one",
		"KM": "សូមជ្រើសរើសពាក្យសម្ងាត់ថ្មី ដែលមិនមែនជាពាក្យសម្ងាត់លំនាំដើម ឬពាក្យសម្ងាត់បច្ចុប្បន្ន",
		"CN": "请设置与默认密码及当前密码不同的新密码",
	},
	"resource.not_found": {
		"EN": "Not found",
		"KM": "រកមិនឃើញ",
		"CN": "未找到",
	},
	"login.not.session": {
		"EN": "Please log in first",
		"KM": "សូមចូលគណនីជាមុនសិន",
		"CN": "请先登录",
	},
	// The back office (admin.go).
	"admin.login_failed": {
		"EN": "Wrong username or password",
		"KM": "ឈ្មោះអ្នកប្រើ ឬពាក្យសម្ងាត់មិនត្រឹមត្រូវ",
		"CN": "用户名或密码错误",
	},
	"admin.login_token_invalid": {
		"EN": "This log-in has expired, please start again",
		"KM": "ការចូលនេះបានផុតកំណត់ សូមចាប់ផ្តើមម្តងទៀត",
		"CN": "本次登录已过期，请重新开始",
	},
	"admin.totp_invalid": {
		"EN": "The authenticator code is incorrect",
		"KM": "លេខកូដកម្មវិធីផ្ទៀងផ្ទាត់មិនត្រឹមត្រូវ",
		"CN": "身份验证器代码不正确",
	},
	"admin.too_many_attempts": {
		"EN": "Too many failed log-ins, try again later",
		"KM": "ការចូលបរាជ័យច្រើនដងពេក សូមព្យាយាមម្តងទៀតនៅពេលក្រោយ",
		"CN": "登录失败次数过多，请稍后再试",
	},
	"admin.not_session": {
		"EN": "Please log in to the back office",
		"KM": "សូមចូលទៅកាន់ផ្នែកគ្រប់គ្រង",
		"CN": "请登录后台",
	},
	"admin.csrf": {
		"EN": "The request's security token is missing or wrong, reload the page",
		"KM": "សញ្ញាសម្គាល់សុវត្ថិភាពនៃសំណើបាត់ ឬខុស សូមផ្ទុកទំព័រឡើងវិញ",
		"CN": "请求的安全令牌缺失或错误，请刷新页面",
	},
	"admin.ip_not_allowed": {
		"EN": "The back office cannot be used from this address",
		"KM": "មិនអាចប្រើផ្នែកគ្រប់គ្រងពីអាសយដ្ឋាននេះបានទេ",
		"CN": "不允许从此地址使用后台",
	},
	"admin.forbidden": {
		"EN": "Your role does not allow this",
		"KM": "តួនាទីរបស់អ្នកមិនអនុញ្ញាតឱ្យធ្វើការនេះទេ",
		"CN": "您的角色无权执行此操作",
	},
	"admin.beyond_own_permissions": {
		"EN": "You cannot grant permissions you do not have yourself",
		"KM": "អ្នកមិនអាចផ្តល់សិទ្ធិដែលខ្លួនអ្នកមិនមានបានទេ",
		"CN": "不能授予您自己没有的权限",
	},
	"admin.password_invalid": {
		"EN": "The password must have 8 to 64 characters with letters and digits",
		"KM": "ពាក្យសម្ងាត់ត្រូវមាន 8 ដល់ 64 តួអក្សរ ដែលមានទាំងអក្សរ និងលេខ",
		"CN": "密码须为 8 至 64 个字符，包含字母和数字",
	},
	"admin.username_invalid": {
		"EN": "The username must have 3 to 32 letters, digits, dots, dashes or underscores",
		"KM": "ឈ្មោះអ្នកប្រើត្រូវមាន 3 ដល់ 32 អក្សរ លេខ ចំណុច សញ្ញាដក ឬសញ្ញាគូសក្រោម",
		"CN": "用户名须为 3 至 32 个字母、数字、点、短横线或下划线",
	},
	"admin.username_taken": {
		"EN": "This username is already taken",
		"KM": "ឈ្មោះអ្នកប្រើនេះត្រូវបានគេយករួចហើយ",
		"CN": "该用户名已被使用",
	},
	"admin.role_unknown": {
		"EN": "No such role",
		"KM": "មិនមានតួនាទីនេះទេ",
		"CN": "角色不存在",
	},
	"admin.role_builtin": {
		"EN": "Built-in roles cannot be changed",
		"KM": "មិនអាចផ្លាស់ប្តូរតួនាទីដែលមានស្រាប់បានទេ",
		"CN": "内置角色不可更改",
	},
	"admin.role_exists": {
		"EN": "A role with this name exists",
		"KM": "តួនាទីដែលមានឈ្មោះនេះមានរួចហើយ",
		"CN": "同名角色已存在",
	},
	"admin.permission_unknown": {
		"EN": "Unknown permission",
		"KM": "សិទ្ធិមិនស្គាល់",
		"CN": "未知权限",
	},
	"admin.last_owner": {
		"EN": "The merchant's last enabled owner cannot be disabled or demoted",
		"KM": "មិនអាចបិទ ឬបន្ថយតួនាទីម្ចាស់ចុងក្រោយដែលកំពុងដំណើរការរបស់ពាណិជ្ជករបានទេ",
		"CN": "不能停用或降级商户最后一个启用的所有者",
	},
	"admin.cidr_invalid": {
		"EN": "An address range is not a valid CIDR",
		"KM": "ជួរអាសយដ្ឋានមួយមិនមែនជា CIDR ត្រឹមត្រូវទេ",
		"CN": "地址范围不是有效的 CIDR",
	},
	// Two-person approval (approval.go).
	"admin.approval_kind_unknown": {
		"EN": "This kind of request cannot be approved here",
		"KM": "ប្រភេទសំណើនេះមិនអាចអនុម័តនៅទីនេះបានទេ",
		"CN": "此类请求无法在此审批",
	},
	"admin.member_unknown": {
		"EN": "No such member at this merchant",
		"KM": "មិនមានសមាជិកនេះនៅពាណិជ្ជករនេះទេ",
		"CN": "该商户下没有此会员",
	},
	"admin.amount_invalid": {
		"EN": "The amount must be non-zero, with no more decimals than the currency has",
		"KM": "ចំនួនទឹកប្រាក់ត្រូវតែមិនស្មើសូន្យ ហើយមិនមានខ្ទង់ទសភាគលើសពីរូបិយប័ណ្ណ",
		"CN": "金额不能为零，且小数位数不能超过币种允许的位数",
	},
	"admin.reason_invalid": {
		"EN": "A reason of 1 to 200 characters is required",
		"KM": "ត្រូវការមូលហេតុពី 1 ដល់ 200 តួអក្សរ",
		"CN": "请填写 1 至 200 个字符的原因",
	},
	"admin.same_operator": {
		"EN": "Another operator must approve your own request",
		"KM": "ប្រតិបត្តិករផ្សេងត្រូវតែអនុម័តសំណើរបស់អ្នកផ្ទាល់",
		"CN": "您自己的请求须由其他操作员审批",
	},
	"admin.approval_expired": {
		"EN": "This request has expired; request it again",
		"KM": "សំណើនេះបានផុតកំណត់ហើយ សូមស្នើម្តងទៀត",
		"CN": "此请求已过期，请重新提交",
	},
	"admin.approval_decided": {
		"EN": "This request has already been decided",
		"KM": "សំណើនេះត្រូវបានសម្រេចរួចហើយ",
		"CN": "此请求已处理",
	},
	// A player's record.
	"admin.note_invalid": {
		"EN": "A note must be 1 to 1000 characters",
		"KM": "កំណត់ចំណាំត្រូវមានពី 1 ដល់ 1000 តួអក្សរ",
		"CN": "备注须为 1 至 1000 个字符",
	},
	"admin.tags_invalid": {
		"EN": "At most 20 tags, each 1 to 24 of a-z, 0-9, - or _",
		"KM": "ស្លាកអតិបរមា 20 នីមួយៗពី 1 ដល់ 24 តួ a-z, 0-9, - ឬ _",
		"CN": "最多 20 个标签，每个 1 至 24 个 a-z、0-9、- 或 _ 字符",
	},
	"admin.allow_list_excludes_you": {
		"EN": "This list leaves out the address you work from: add it, or you would be shut out at once",
		"KM": "បញ្ជីនេះមិនរួមបញ្ចូលអាសយដ្ឋានដែលអ្នកកំពុងប្រើទេ៖ សូមបន្ថែមវា បើមិនដូច្នេះទេ អ្នកនឹងត្រូវបិទចេញភ្លាមៗ",
		"CN": "此列表不包含您当前使用的地址：请添加，否则您将立即被拒之门外",
	},
	"admin.approval_requested": {
		"EN": "Sent for approval: it takes effect when another operator approves it",
		"KM": "បានផ្ញើសុំការអនុម័ត៖ វានឹងមានប្រសិទ្ធភាពនៅពេលប្រតិបត្តិករផ្សេងទៀតអនុម័ត",
		"CN": "已提交审批：另一名操作员批准后生效",
	},
	"admin.action_unknown": {
		"EN": "This is not an action that can be marked sensitive",
		"KM": "នេះមិនមែនជាសកម្មភាពដែលអាចសម្គាល់ថាងាយរងគ្រោះបានទេ",
		"CN": "此操作不能标记为敏感操作",
	},
	"member.message_invalid": {
		"EN": "A message needs a title of 1 to 100 and a text of 1 to 2000 characters",
		"KM": "សារត្រូវការចំណងជើងពី 1 ដល់ 100 និងអត្ថបទពី 1 ដល់ 2000 តួអក្សរ",
		"CN": "消息须有 1 至 100 个字符的标题和 1 至 2000 个字符的正文",
	},
	"admin.audience_invalid": {
		"EN": "Send the message to all members, or to one VIP level from 0 to 99",
		"KM": "ផ្ញើសារទៅសមាជិកទាំងអស់ ឬទៅកម្រិត VIP មួយពី 0 ដល់ 99",
		"CN": "请将消息发送给所有会员，或发送给 0 至 99 中的一个 VIP 等级",
	},
	// Dashboard and reports.
	"admin.range_invalid": {
		"EN": "The period must be days as YYYY-MM-DD, from no later than to, at most 366 days",
		"KM": "រយៈពេលត្រូវជាថ្ងៃតាមទម្រង់ YYYY-MM-DD ដោយថ្ងៃចាប់ផ្ដើមមិនក្រោយថ្ងៃបញ្ចប់ និងមិនលើសពី 366 ថ្ងៃ",
		"CN": "时间段须为 YYYY-MM-DD 格式的日期，开始日期不晚于结束日期，最多 366 天",
	},

	// Games and vendors.
	"games.change_empty": {
		"EN": "Choose at least one setting to change",
		"KM": "សូមជ្រើសរើសការកំណត់យ៉ាងហោចណាស់មួយដើម្បីផ្លាស់ប្តូរ",
		"CN": "请至少选择一项要更改的设置",
	},
	"games.sort_invalid": {
		"EN": "The display order must be a whole number from 0 to 1,000,000",
		"KM": "លំដាប់បង្ហាញត្រូវតែជាចំនួនគត់ពី 0 ដល់ 1,000,000",
		"CN": "显示顺序必须是 0 到 1,000,000 之间的整数",
	},
	"games.selection_invalid": {
		"EN": "Select 1 to 200 different games",
		"KM": "សូមជ្រើសរើសហ្គេមខុសៗគ្នាពី 1 ដល់ 200",
		"CN": "请选择 1 至 200 个不同的游戏",
	},
	"games.win_limit_invalid": {
		"EN": "A win ceiling needs a stake multiple of 1 to 1,000,000,000 and a maximum of 1 to 10^15",
		"KM": "ពិដានឈ្នះត្រូវការមេគុណភ្នាល់ពី 1 ដល់ 1,000,000,000 និងចំនួនអតិបរមាពី 1 ដល់ 10^15",
		"CN": "赢额上限需要 1 至 1,000,000,000 的投注倍数和 1 至 10^15 的最高金额",
	},

	// Merchant settings and merchants.
	"settings.invalid": {
		"EN": "A setting is not valid; see the field named",
		"KM": "ការកំណត់មួយមិនត្រឹមត្រូវ សូមមើលវាលដែលបានបញ្ជាក់",
		"CN": "设置无效，请查看所指字段",
	},
	"settings.domain_taken": {
		"EN": "This domain already belongs to another merchant",
		"KM": "ដែននេះជាកម្មសិទ្ធិរបស់ពាណិជ្ជករផ្សេងរួចហើយ",
		"CN": "该域名已属于其他商户",
	},
	"settings.merchant_required": {
		"EN": "Name the merchant whose settings to open",
		"KM": "សូមបញ្ជាក់ពាណិជ្ជករដែលត្រូវបើកការកំណត់",
		"CN": "请指定要打开设置的商户",
	},
	"merchants.code_taken": {
		"EN": "A merchant with this code exists",
		"KM": "ពាណិជ្ជករដែលមានលេខកូដនេះមានរួចហើយ",
		"CN": "该代码的商户已存在",
	},

	// Content.
	"admin.content_invalid": {
		"EN": "This content is not valid; check the field named in the answer",
		"KM": "មាតិកានេះមិនត្រឹមត្រូវទេ សូមពិនិត្យវាលដែលបានបញ្ជាក់ក្នុងចម្លើយ",
		"CN": "内容无效，请检查回复中指出的字段",
	},
	"admin.content_slug_taken": {
		"EN": "Another item of this kind already has this slug",
		"KM": "ធាតុផ្សេងទៀតនៃប្រភេទនេះមានឈ្មោះកំណត់ (slug) នេះរួចហើយ",
		"CN": "同类内容中已有使用此标识的条目",
	},
	"admin.image_invalid": {
		"EN": "The image must be a PNG or JPEG of at most 4096 pixels a side",
		"KM": "រូបភាពត្រូវតែជា PNG ឬ JPEG ដែលមានទំហំមិនលើសពី 4096 ភីកសែលក្នុងមួយជ្រុង",
		"CN": "图片须为 PNG 或 JPEG 格式，每边不超过 4096 像素",
	},
	"admin.image_too_large": {
		"EN": "The image is larger than 2 MB",
		"KM": "រូបភាពធំជាង 2 MB",
		"CN": "图片大于 2 MB",
	},
}

// message looks code up for lang, falling back to EN, then to the code.
func message(code, lang string) string {
	m, ok := messages[code]
	if !ok {
		return code
	}
	if s, ok := m[lang]; ok {
		return s
	}
	if s, ok := m["EN"]; ok {
		return s
	}
	return code
}
