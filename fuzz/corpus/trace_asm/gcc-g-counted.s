	.file	"counted.c"
	.text
.Ltext0:
	.file 0 "/lineup" "tests/trace/fixtures/counted.c"
	.p2align 4
	.type	writer, @function
writer:
.LVL0:
.LFB12:
	.file 1 "tests/trace/fixtures/counted.c"
	.loc 1 22 1 view -0
	.cfi_startproc
	.loc 1 22 1 is_stmt 0 view .LVU1
	pushq	%r12
	.cfi_def_cfa_offset 16
	.cfi_offset 12, -16
	movq	%rdi, %r12
	pushq	%rbp
	.cfi_def_cfa_offset 24
	.cfi_offset 6, -24
	leaq	shared_pair(%rip), %rbp
	pushq	%rbx
	.cfi_def_cfa_offset 32
	.cfi_offset 3, -32
	.loc 1 22 1 view .LVU2
	movq	24(%rsp), %rdi
.LVL1:
.LBB2:
	.loc 1 23 12 view .LVU3
	xorl	%ebx, %ebx
.LBE2:
	.loc 1 22 1 view .LVU4
	call	__tsan_func_entry@PLT
.LVL2:
	.loc 1 23 2 is_stmt 1 view .LVU5
.LBB3:
	.loc 1 23 7 view .LVU6
	.loc 1 23 21 view .LVU7
	.p2align 4,,10
	.p2align 3
.L2:
	.loc 1 24 3 discriminator 3 view .LVU8
	.loc 1 24 41 is_stmt 0 discriminator 3 view .LVU9
	movq	%rbp, %rdi
	call	__tsan_write8@PLT
.LVL3:
	movq	%rbx, 0(%rbp)
	.loc 1 23 32 is_stmt 1 discriminator 3 view .LVU10
	addq	$1, %rbx
.LVL4:
	.loc 1 23 21 discriminator 3 view .LVU11
	cmpq	$300000, %rbx
	jne	.L2
.LBE3:
	.loc 1 25 2 view .LVU12
	call	__tsan_func_exit@PLT
.LVL5:
	.loc 1 26 1 is_stmt 0 view .LVU13
	movq	%r12, %rax
	popq	%rbx
	.cfi_def_cfa_offset 24
.LVL6:
	.loc 1 26 1 view .LVU14
	popq	%rbp
	.cfi_def_cfa_offset 16
	popq	%r12
	.cfi_def_cfa_offset 8
.LVL7:
	.loc 1 26 1 view .LVU15
	ret
	.cfi_endproc
.LFE12:
	.size	writer, .-writer
	.p2align 4
	.type	reader, @function
reader:
.LVL8:
.LFB13:
	.loc 1 29 1 is_stmt 1 view -0
	.cfi_startproc
	.loc 1 29 1 is_stmt 0 view .LVU17
	pushq	%r15
	.cfi_def_cfa_offset 16
	.cfi_offset 15, -16
	movq	%rdi, %r15
	pushq	%r14
	.cfi_def_cfa_offset 24
	.cfi_offset 14, -24
	leaq	8+shared_pair(%rip), %r14
	pushq	%r13
	.cfi_def_cfa_offset 32
	.cfi_offset 13, -32
	leaq	8(%r14), %r13
	pushq	%r12
	.cfi_def_cfa_offset 40
	.cfi_offset 12, -40
	.loc 1 30 7 view .LVU18
	xorl	%r12d, %r12d
	.loc 1 29 1 view .LVU19
	pushq	%rbp
	.cfi_def_cfa_offset 48
	.cfi_offset 6, -48
	movl	$200000, %ebp
	pushq	%rbx
	.cfi_def_cfa_offset 56
	.cfi_offset 3, -56
	subq	$8, %rsp
	.cfi_def_cfa_offset 64
	.loc 1 29 1 view .LVU20
	movq	56(%rsp), %rdi
.LVL9:
	.loc 1 29 1 view .LVU21
	call	__tsan_func_entry@PLT
.LVL10:
	.loc 1 30 2 is_stmt 1 view .LVU22
	.loc 1 32 2 view .LVU23
.LBB4:
	.loc 1 32 7 view .LVU24
	.loc 1 32 21 view .LVU25
	.p2align 4,,10
	.p2align 3
.L7:
	.loc 1 33 3 discriminator 3 view .LVU26
	.loc 1 33 10 is_stmt 0 discriminator 3 view .LVU27
	movq	%r14, %rdi
	call	__tsan_read8@PLT
.LVL11:
	.loc 1 34 10 discriminator 3 view .LVU28
	movq	%r13, %rdi
	.loc 1 33 10 discriminator 3 view .LVU29
	movq	8+shared_pair(%rip), %rbx
	.loc 1 34 10 discriminator 3 view .LVU30
	call	__tsan_read8@PLT
.LVL12:
	movq	16+shared_pair(%rip), %rax
	.loc 1 33 47 discriminator 3 view .LVU31
	imulq	%rax, %rbx
	.loc 1 33 7 discriminator 3 view .LVU32
	addq	%rbx, %r12
.LVL13:
	.loc 1 32 32 is_stmt 1 discriminator 3 view .LVU33
	.loc 1 32 21 discriminator 3 view .LVU34
	subq	$1, %rbp
	jne	.L7
.LBE4:
	.loc 1 35 2 view .LVU35
	.loc 1 35 15 is_stmt 0 view .LVU36
	movq	%r15, %rdi
	call	__tsan_write8@PLT
.LVL14:
	movq	%r12, (%r15)
	.loc 1 36 2 is_stmt 1 view .LVU37
	call	__tsan_func_exit@PLT
.LVL15:
	.loc 1 37 1 is_stmt 0 view .LVU38
	addq	$8, %rsp
	.cfi_def_cfa_offset 56
	xorl	%eax, %eax
	popq	%rbx
	.cfi_def_cfa_offset 48
	popq	%rbp
	.cfi_def_cfa_offset 40
	popq	%r12
	.cfi_def_cfa_offset 32
.LVL16:
	.loc 1 37 1 view .LVU39
	popq	%r13
	.cfi_def_cfa_offset 24
	popq	%r14
	.cfi_def_cfa_offset 16
	popq	%r15
	.cfi_def_cfa_offset 8
.LVL17:
	.loc 1 37 1 view .LVU40
	ret
	.cfi_endproc
.LFE13:
	.size	reader, .-reader
	.section	.rodata.str1.1,"aMS",@progbits,1
.LC0:
	.string	"%ld\n"
	.section	.text.startup,"ax",@progbits
	.p2align 4
	.globl	main
	.type	main, @function
main:
.LFB14:
	.loc 1 40 1 is_stmt 1 view -0
	.cfi_startproc
	pushq	%r12
	.cfi_def_cfa_offset 16
	.cfi_offset 12, -16
	pushq	%rbp
	.cfi_def_cfa_offset 24
	.cfi_offset 6, -24
	pushq	%rbx
	.cfi_def_cfa_offset 32
	.cfi_offset 3, -32
	subq	$32, %rsp
	.cfi_def_cfa_offset 64
	.loc 1 40 1 is_stmt 0 view .LVU42
	movq	56(%rsp), %rdi
	.loc 1 42 7 view .LVU43
	leaq	24(%rsp), %rbx
	.loc 1 44 2 view .LVU44
	leaq	8(%rsp), %r12
	.loc 1 45 2 view .LVU45
	leaq	16(%rsp), %rbp
	.loc 1 40 1 view .LVU46
	call	__tsan_func_entry@PLT
.LVL18:
	.loc 1 41 2 is_stmt 1 view .LVU47
	.loc 1 42 2 view .LVU48
	.loc 1 42 7 is_stmt 0 view .LVU49
	movq	%rbx, %rdi
	call	__tsan_write8@PLT
.LVL19:
	.loc 1 44 2 view .LVU50
	movq	%r12, %rdi
	xorl	%ecx, %ecx
	xorl	%esi, %esi
	.loc 1 42 7 view .LVU51
	movq	$0, 24(%rsp)
	.loc 1 44 2 is_stmt 1 view .LVU52
	leaq	writer(%rip), %rdx
	call	pthread_create@PLT
.LVL20:
	.loc 1 45 2 view .LVU53
	movq	%rbx, %rcx
	xorl	%esi, %esi
	movq	%rbp, %rdi
	leaq	reader(%rip), %rdx
	call	pthread_create@PLT
.LVL21:
	.loc 1 46 2 view .LVU54
	movq	%r12, %rdi
	call	__tsan_read8@PLT
.LVL22:
	movq	8(%rsp), %rdi
	xorl	%esi, %esi
	call	pthread_join@PLT
.LVL23:
	.loc 1 47 2 view .LVU55
	movq	%rbp, %rdi
	call	__tsan_read8@PLT
.LVL24:
	movq	16(%rsp), %rdi
	xorl	%esi, %esi
	call	pthread_join@PLT
.LVL25:
	.loc 1 48 2 view .LVU56
	movq	%rbx, %rdi
	call	__tsan_read8@PLT
.LVL26:
	movq	24(%rsp), %rsi
	leaq	.LC0(%rip), %rdi
	xorl	%eax, %eax
	call	printf@PLT
.LVL27:
	.loc 1 49 2 view .LVU57
	call	__tsan_func_exit@PLT
.LVL28:
	.loc 1 50 1 is_stmt 0 view .LVU58
	addq	$32, %rsp
	.cfi_def_cfa_offset 32
	xorl	%eax, %eax
	popq	%rbx
	.cfi_def_cfa_offset 24
	popq	%rbp
	.cfi_def_cfa_offset 16
	popq	%r12
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
.LFE14:
	.size	main, .-main
	.data
	.align 16
	.type	shared_pair, @object
	.size	shared_pair, 24
shared_pair:
	.quad	0
	.quad	3
	.quad	4
	.section	.text.startup
	.p2align 4
	.type	_sub_I_00099_0, @function
_sub_I_00099_0:
.LFB15:
	.cfi_startproc
	.loc 1 50 1 is_stmt 1 view -0
	jmp	__tsan_init@PLT
	.cfi_endproc
.LFE15:
	.size	_sub_I_00099_0, .-_sub_I_00099_0
	.section	.init_array.00099,"aw"
	.align 8
	.quad	_sub_I_00099_0
	.text
.Letext0:
	.file 2 "/usr/include/x86_64-linux-gnu/bits/pthreadtypes.h"
	.file 3 "/usr/include/stdio.h"
	.file 4 "/usr/include/pthread.h"
	.file 5 "<built-in>"
	.section	.debug_info,"",@progbits
.Ldebug_info0:
	.long	0x474
	.value	0x5
	.byte	0x1
	.byte	0x8
	.long	.Ldebug_abbrev0
	.uleb128 0x13
	.long	.LASF33
	.byte	0x1d
	.long	.LASF0
	.long	.LASF1
	.long	.LLRL6
	.quad	0
	.long	.Ldebug_line0
	.uleb128 0x3
	.byte	0x1
	.byte	0x8
	.long	.LASF2
	.uleb128 0x3
	.byte	0x2
	.byte	0x7
	.long	.LASF3
	.uleb128 0x3
	.byte	0x4
	.byte	0x7
	.long	.LASF4
	.uleb128 0x3
	.byte	0x8
	.byte	0x7
	.long	.LASF5
	.uleb128 0x3
	.byte	0x1
	.byte	0x6
	.long	.LASF6
	.uleb128 0x3
	.byte	0x2
	.byte	0x5
	.long	.LASF7
	.uleb128 0x14
	.byte	0x4
	.byte	0x5
	.string	"int"
	.uleb128 0x3
	.byte	0x8
	.byte	0x5
	.long	.LASF8
	.uleb128 0x15
	.byte	0x8
	.uleb128 0x8
	.long	0x62
	.uleb128 0x3
	.byte	0x1
	.byte	0x6
	.long	.LASF9
	.uleb128 0xc
	.long	0x69
	.uleb128 0x6
	.long	0x70
	.uleb128 0x3
	.byte	0x8
	.byte	0x7
	.long	.LASF10
	.uleb128 0xd
	.long	.LASF13
	.byte	0x1b
	.byte	0x1b
	.long	0x3f
	.uleb128 0x16
	.long	.LASF14
	.byte	0x38
	.byte	0x2
	.byte	0x38
	.byte	0x7
	.long	0xb0
	.uleb128 0xe
	.long	.LASF11
	.byte	0x3a
	.byte	0x8
	.long	0xb0
	.uleb128 0xe
	.long	.LASF12
	.byte	0x3b
	.byte	0xc
	.long	0x5b
	.byte	0
	.uleb128 0x17
	.long	0x69
	.long	0xc0
	.uleb128 0x18
	.long	0x3f
	.byte	0x37
	.byte	0
	.uleb128 0xd
	.long	.LASF14
	.byte	0x3e
	.byte	0x1e
	.long	0x8c
	.uleb128 0xc
	.long	0xc0
	.uleb128 0x3
	.byte	0x8
	.byte	0x5
	.long	.LASF15
	.uleb128 0x19
	.long	.LASF34
	.byte	0x18
	.byte	0x1
	.byte	0xd
	.byte	0x8
	.long	0x106
	.uleb128 0x9
	.long	.LASF16
	.byte	0xe
	.long	0x5b
	.byte	0
	.uleb128 0x9
	.long	.LASF17
	.byte	0xf
	.long	0x5b
	.byte	0x8
	.uleb128 0x9
	.long	.LASF18
	.byte	0x10
	.long	0x5b
	.byte	0x10
	.byte	0
	.uleb128 0x1a
	.long	.LASF22
	.byte	0x1
	.byte	0x13
	.byte	0x14
	.long	0xd7
	.uleb128 0x9
	.byte	0x3
	.quad	shared_pair
	.uleb128 0x1b
	.long	.LASF19
	.byte	0x3
	.value	0x164
	.byte	0xc
	.long	0x54
	.long	0x134
	.uleb128 0x4
	.long	0x75
	.uleb128 0x1c
	.byte	0
	.uleb128 0xf
	.long	.LASF20
	.byte	0xdb
	.long	0x54
	.long	0x14d
	.uleb128 0x4
	.long	0x81
	.uleb128 0x4
	.long	0x14d
	.byte	0
	.uleb128 0x6
	.long	0x62
	.uleb128 0xf
	.long	.LASF21
	.byte	0xca
	.long	0x54
	.long	0x175
	.uleb128 0x4
	.long	0x17a
	.uleb128 0x4
	.long	0x184
	.uleb128 0x4
	.long	0x189
	.uleb128 0x4
	.long	0x64
	.byte	0
	.uleb128 0x6
	.long	0x81
	.uleb128 0x8
	.long	0x175
	.uleb128 0x6
	.long	0xcb
	.uleb128 0x8
	.long	0x17f
	.uleb128 0x6
	.long	0x18e
	.uleb128 0x1d
	.long	0x62
	.long	0x19d
	.uleb128 0x4
	.long	0x62
	.byte	0
	.uleb128 0x1e
	.long	.LASF35
	.byte	0x1
	.byte	0x27
	.byte	0x5
	.long	0x54
	.quad	.LFB14
	.quad	.LFE14-.LFB14
	.uleb128 0x1
	.byte	0x9c
	.long	0x30c
	.uleb128 0xa
	.string	"w"
	.byte	0x29
	.byte	0xc
	.long	0x81
	.uleb128 0x2
	.byte	0x91
	.sleb128 -56
	.uleb128 0xa
	.string	"r"
	.byte	0x29
	.byte	0xf
	.long	0x81
	.uleb128 0x2
	.byte	0x91
	.sleb128 -48
	.uleb128 0xa
	.string	"sum"
	.byte	0x2a
	.byte	0x7
	.long	0x5b
	.uleb128 0x2
	.byte	0x91
	.sleb128 -40
	.uleb128 0x5
	.quad	.LVL18
	.long	0x453
	.uleb128 0x2
	.quad	.LVL19
	.long	0x45c
	.long	0x20a
	.uleb128 0x1
	.uleb128 0x1
	.byte	0x55
	.uleb128 0x2
	.byte	0x73
	.sleb128 0
	.byte	0
	.uleb128 0x2
	.quad	.LVL20
	.long	0x152
	.long	0x239
	.uleb128 0x1
	.uleb128 0x1
	.byte	0x55
	.uleb128 0x2
	.byte	0x7c
	.sleb128 0
	.uleb128 0x1
	.uleb128 0x1
	.byte	0x54
	.uleb128 0x1
	.byte	0x30
	.uleb128 0x1
	.uleb128 0x1
	.byte	0x51
	.uleb128 0x9
	.byte	0x3
	.quad	writer
	.uleb128 0x1
	.uleb128 0x1
	.byte	0x52
	.uleb128 0x1
	.byte	0x30
	.byte	0
	.uleb128 0x2
	.quad	.LVL21
	.long	0x152
	.long	0x269
	.uleb128 0x1
	.uleb128 0x1
	.byte	0x55
	.uleb128 0x2
	.byte	0x76
	.sleb128 0
	.uleb128 0x1
	.uleb128 0x1
	.byte	0x54
	.uleb128 0x1
	.byte	0x30
	.uleb128 0x1
	.uleb128 0x1
	.byte	0x51
	.uleb128 0x9
	.byte	0x3
	.quad	reader
	.uleb128 0x1
	.uleb128 0x1
	.byte	0x52
	.uleb128 0x2
	.byte	0x73
	.sleb128 0
	.byte	0
	.uleb128 0x2
	.quad	.LVL22
	.long	0x465
	.long	0x281
	.uleb128 0x1
	.uleb128 0x1
	.byte	0x55
	.uleb128 0x2
	.byte	0x7c
	.sleb128 0
	.byte	0
	.uleb128 0x2
	.quad	.LVL23
	.long	0x134
	.long	0x298
	.uleb128 0x1
	.uleb128 0x1
	.byte	0x54
	.uleb128 0x1
	.byte	0x30
	.byte	0
	.uleb128 0x2
	.quad	.LVL24
	.long	0x465
	.long	0x2b0
	.uleb128 0x1
	.uleb128 0x1
	.byte	0x55
	.uleb128 0x2
	.byte	0x76
	.sleb128 0
	.byte	0
	.uleb128 0x2
	.quad	.LVL25
	.long	0x134
	.long	0x2c7
	.uleb128 0x1
	.uleb128 0x1
	.byte	0x54
	.uleb128 0x1
	.byte	0x30
	.byte	0
	.uleb128 0x2
	.quad	.LVL26
	.long	0x465
	.long	0x2df
	.uleb128 0x1
	.uleb128 0x1
	.byte	0x55
	.uleb128 0x2
	.byte	0x73
	.sleb128 0
	.byte	0
	.uleb128 0x2
	.quad	.LVL27
	.long	0x11c
	.long	0x2fe
	.uleb128 0x1
	.uleb128 0x1
	.byte	0x55
	.uleb128 0x9
	.byte	0x3
	.quad	.LC0
	.byte	0
	.uleb128 0x5
	.quad	.LVL28
	.long	0x46e
	.byte	0
	.uleb128 0x10
	.long	.LASF23
	.byte	0x1c
	.long	0x62
	.quad	.LFB13
	.quad	.LFE13-.LFB13
	.uleb128 0x1
	.byte	0x9c
	.long	0x3d7
	.uleb128 0x11
	.string	"arg"
	.byte	0x1c
	.long	0x62
	.long	.LLST3
	.long	.LVUS3
	.uleb128 0xb
	.string	"sum"
	.byte	0x1e
	.byte	0x7
	.long	0x5b
	.long	.LLST4
	.long	.LVUS4
	.uleb128 0x1f
	.quad	.LBB4
	.quad	.LBE4-.LBB4
	.long	0x3a4
	.uleb128 0xb
	.string	"i"
	.byte	0x20
	.byte	0xc
	.long	0x5b
	.long	.LLST5
	.long	.LVUS5
	.uleb128 0x2
	.quad	.LVL11
	.long	0x465
	.long	0x38f
	.uleb128 0x1
	.uleb128 0x1
	.byte	0x55
	.uleb128 0x2
	.byte	0x7e
	.sleb128 0
	.byte	0
	.uleb128 0x12
	.quad	.LVL12
	.long	0x465
	.uleb128 0x1
	.uleb128 0x1
	.byte	0x55
	.uleb128 0x2
	.byte	0x7d
	.sleb128 0
	.byte	0
	.byte	0
	.uleb128 0x5
	.quad	.LVL10
	.long	0x453
	.uleb128 0x2
	.quad	.LVL14
	.long	0x45c
	.long	0x3c9
	.uleb128 0x1
	.uleb128 0x1
	.byte	0x55
	.uleb128 0x2
	.byte	0x7f
	.sleb128 0
	.byte	0
	.uleb128 0x5
	.quad	.LVL15
	.long	0x46e
	.byte	0
	.uleb128 0x10
	.long	.LASF24
	.byte	0x15
	.long	0x62
	.quad	.LFB12
	.quad	.LFE12-.LFB12
	.uleb128 0x1
	.byte	0x9c
	.long	0x453
	.uleb128 0x11
	.string	"arg"
	.byte	0x15
	.long	0x62
	.long	.LLST0
	.long	.LVUS0
	.uleb128 0x20
	.long	.LLRL1
	.long	0x438
	.uleb128 0xb
	.string	"i"
	.byte	0x17
	.byte	0xc
	.long	0x5b
	.long	.LLST2
	.long	.LVUS2
	.uleb128 0x12
	.quad	.LVL3
	.long	0x45c
	.uleb128 0x1
	.uleb128 0x1
	.byte	0x55
	.uleb128 0x2
	.byte	0x76
	.sleb128 0
	.byte	0
	.byte	0
	.uleb128 0x5
	.quad	.LVL2
	.long	0x453
	.uleb128 0x5
	.quad	.LVL5
	.long	0x46e
	.byte	0
	.uleb128 0x7
	.long	.LASF25
	.long	.LASF27
	.uleb128 0x7
	.long	.LASF26
	.long	.LASF28
	.uleb128 0x7
	.long	.LASF29
	.long	.LASF30
	.uleb128 0x7
	.long	.LASF31
	.long	.LASF32
	.byte	0
	.section	.debug_abbrev,"",@progbits
.Ldebug_abbrev0:
	.uleb128 0x1
	.uleb128 0x49
	.byte	0
	.uleb128 0x2
	.uleb128 0x18
	.uleb128 0x7e
	.uleb128 0x18
	.byte	0
	.byte	0
	.uleb128 0x2
	.uleb128 0x48
	.byte	0x1
	.uleb128 0x7d
	.uleb128 0x1
	.uleb128 0x7f
	.uleb128 0x13
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x3
	.uleb128 0x24
	.byte	0
	.uleb128 0xb
	.uleb128 0xb
	.uleb128 0x3e
	.uleb128 0xb
	.uleb128 0x3
	.uleb128 0xe
	.byte	0
	.byte	0
	.uleb128 0x4
	.uleb128 0x5
	.byte	0
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x5
	.uleb128 0x48
	.byte	0
	.uleb128 0x7d
	.uleb128 0x1
	.uleb128 0x7f
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x6
	.uleb128 0xf
	.byte	0
	.uleb128 0xb
	.uleb128 0x21
	.sleb128 8
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x7
	.uleb128 0x2e
	.byte	0
	.uleb128 0x3f
	.uleb128 0x19
	.uleb128 0x3c
	.uleb128 0x19
	.uleb128 0x6e
	.uleb128 0xe
	.uleb128 0x3
	.uleb128 0xe
	.uleb128 0x3a
	.uleb128 0x21
	.sleb128 5
	.uleb128 0x3b
	.uleb128 0x21
	.sleb128 0
	.byte	0
	.byte	0
	.uleb128 0x8
	.uleb128 0x37
	.byte	0
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x9
	.uleb128 0xd
	.byte	0
	.uleb128 0x3
	.uleb128 0xe
	.uleb128 0x3a
	.uleb128 0x21
	.sleb128 1
	.uleb128 0x3b
	.uleb128 0xb
	.uleb128 0x39
	.uleb128 0x21
	.sleb128 7
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x38
	.uleb128 0xb
	.byte	0
	.byte	0
	.uleb128 0xa
	.uleb128 0x34
	.byte	0
	.uleb128 0x3
	.uleb128 0x8
	.uleb128 0x3a
	.uleb128 0x21
	.sleb128 1
	.uleb128 0x3b
	.uleb128 0xb
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x2
	.uleb128 0x18
	.byte	0
	.byte	0
	.uleb128 0xb
	.uleb128 0x34
	.byte	0
	.uleb128 0x3
	.uleb128 0x8
	.uleb128 0x3a
	.uleb128 0x21
	.sleb128 1
	.uleb128 0x3b
	.uleb128 0xb
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x2
	.uleb128 0x17
	.uleb128 0x2137
	.uleb128 0x17
	.byte	0
	.byte	0
	.uleb128 0xc
	.uleb128 0x26
	.byte	0
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0xd
	.uleb128 0x16
	.byte	0
	.uleb128 0x3
	.uleb128 0xe
	.uleb128 0x3a
	.uleb128 0x21
	.sleb128 2
	.uleb128 0x3b
	.uleb128 0xb
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0xe
	.uleb128 0xd
	.byte	0
	.uleb128 0x3
	.uleb128 0xe
	.uleb128 0x3a
	.uleb128 0x21
	.sleb128 2
	.uleb128 0x3b
	.uleb128 0xb
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0xf
	.uleb128 0x2e
	.byte	0x1
	.uleb128 0x3f
	.uleb128 0x19
	.uleb128 0x3
	.uleb128 0xe
	.uleb128 0x3a
	.uleb128 0x21
	.sleb128 4
	.uleb128 0x3b
	.uleb128 0xb
	.uleb128 0x39
	.uleb128 0x21
	.sleb128 12
	.uleb128 0x27
	.uleb128 0x19
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x3c
	.uleb128 0x19
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x10
	.uleb128 0x2e
	.byte	0x1
	.uleb128 0x3
	.uleb128 0xe
	.uleb128 0x3a
	.uleb128 0x21
	.sleb128 1
	.uleb128 0x3b
	.uleb128 0xb
	.uleb128 0x39
	.uleb128 0x21
	.sleb128 14
	.uleb128 0x27
	.uleb128 0x19
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x11
	.uleb128 0x1
	.uleb128 0x12
	.uleb128 0x7
	.uleb128 0x40
	.uleb128 0x18
	.uleb128 0x7a
	.uleb128 0x19
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x11
	.uleb128 0x5
	.byte	0
	.uleb128 0x3
	.uleb128 0x8
	.uleb128 0x3a
	.uleb128 0x21
	.sleb128 1
	.uleb128 0x3b
	.uleb128 0xb
	.uleb128 0x39
	.uleb128 0x21
	.sleb128 27
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x2
	.uleb128 0x17
	.uleb128 0x2137
	.uleb128 0x17
	.byte	0
	.byte	0
	.uleb128 0x12
	.uleb128 0x48
	.byte	0x1
	.uleb128 0x7d
	.uleb128 0x1
	.uleb128 0x7f
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x13
	.uleb128 0x11
	.byte	0x1
	.uleb128 0x25
	.uleb128 0xe
	.uleb128 0x13
	.uleb128 0xb
	.uleb128 0x3
	.uleb128 0x1f
	.uleb128 0x1b
	.uleb128 0x1f
	.uleb128 0x55
	.uleb128 0x17
	.uleb128 0x11
	.uleb128 0x1
	.uleb128 0x10
	.uleb128 0x17
	.byte	0
	.byte	0
	.uleb128 0x14
	.uleb128 0x24
	.byte	0
	.uleb128 0xb
	.uleb128 0xb
	.uleb128 0x3e
	.uleb128 0xb
	.uleb128 0x3
	.uleb128 0x8
	.byte	0
	.byte	0
	.uleb128 0x15
	.uleb128 0xf
	.byte	0
	.uleb128 0xb
	.uleb128 0xb
	.byte	0
	.byte	0
	.uleb128 0x16
	.uleb128 0x17
	.byte	0x1
	.uleb128 0x3
	.uleb128 0xe
	.uleb128 0xb
	.uleb128 0xb
	.uleb128 0x3a
	.uleb128 0xb
	.uleb128 0x3b
	.uleb128 0xb
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x17
	.uleb128 0x1
	.byte	0x1
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x18
	.uleb128 0x21
	.byte	0
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x2f
	.uleb128 0xb
	.byte	0
	.byte	0
	.uleb128 0x19
	.uleb128 0x13
	.byte	0x1
	.uleb128 0x3
	.uleb128 0xe
	.uleb128 0xb
	.uleb128 0xb
	.uleb128 0x3a
	.uleb128 0xb
	.uleb128 0x3b
	.uleb128 0xb
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x1a
	.uleb128 0x34
	.byte	0
	.uleb128 0x3
	.uleb128 0xe
	.uleb128 0x3a
	.uleb128 0xb
	.uleb128 0x3b
	.uleb128 0xb
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x2
	.uleb128 0x18
	.byte	0
	.byte	0
	.uleb128 0x1b
	.uleb128 0x2e
	.byte	0x1
	.uleb128 0x3f
	.uleb128 0x19
	.uleb128 0x3
	.uleb128 0xe
	.uleb128 0x3a
	.uleb128 0xb
	.uleb128 0x3b
	.uleb128 0x5
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x27
	.uleb128 0x19
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x3c
	.uleb128 0x19
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x1c
	.uleb128 0x18
	.byte	0
	.byte	0
	.byte	0
	.uleb128 0x1d
	.uleb128 0x15
	.byte	0x1
	.uleb128 0x27
	.uleb128 0x19
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x1e
	.uleb128 0x2e
	.byte	0x1
	.uleb128 0x3f
	.uleb128 0x19
	.uleb128 0x3
	.uleb128 0xe
	.uleb128 0x3a
	.uleb128 0xb
	.uleb128 0x3b
	.uleb128 0xb
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x27
	.uleb128 0x19
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x11
	.uleb128 0x1
	.uleb128 0x12
	.uleb128 0x7
	.uleb128 0x40
	.uleb128 0x18
	.uleb128 0x7a
	.uleb128 0x19
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x1f
	.uleb128 0xb
	.byte	0x1
	.uleb128 0x11
	.uleb128 0x1
	.uleb128 0x12
	.uleb128 0x7
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x20
	.uleb128 0xb
	.byte	0x1
	.uleb128 0x55
	.uleb128 0x17
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.byte	0
	.section	.debug_loclists,"",@progbits
	.long	.Ldebug_loc3-.Ldebug_loc2
.Ldebug_loc2:
	.value	0x5
	.byte	0x8
	.byte	0
	.long	0
.Ldebug_loc0:
.LVUS3:
	.uleb128 0
	.uleb128 .LVU21
	.uleb128 .LVU21
	.uleb128 .LVU40
	.uleb128 .LVU40
	.uleb128 0
.LLST3:
	.byte	0x6
	.quad	.LVL8
	.byte	0x4
	.uleb128 .LVL8-.LVL8
	.uleb128 .LVL9-.LVL8
	.uleb128 0x1
	.byte	0x55
	.byte	0x4
	.uleb128 .LVL9-.LVL8
	.uleb128 .LVL17-.LVL8
	.uleb128 0x1
	.byte	0x5f
	.byte	0x4
	.uleb128 .LVL17-.LVL8
	.uleb128 .LFE13-.LVL8
	.uleb128 0x4
	.byte	0xa3
	.uleb128 0x1
	.byte	0x55
	.byte	0x9f
	.byte	0
.LVUS4:
	.uleb128 .LVU23
	.uleb128 .LVU26
	.uleb128 .LVU26
	.uleb128 .LVU39
.LLST4:
	.byte	0x6
	.quad	.LVL10
	.byte	0x4
	.uleb128 .LVL10-.LVL10
	.uleb128 .LVL10-.LVL10
	.uleb128 0x2
	.byte	0x30
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL10-.LVL10
	.uleb128 .LVL16-.LVL10
	.uleb128 0x1
	.byte	0x5c
	.byte	0
.LVUS5:
	.uleb128 .LVU25
	.uleb128 .LVU26
.LLST5:
	.byte	0x8
	.quad	.LVL10
	.uleb128 .LVL10-.LVL10
	.uleb128 0x2
	.byte	0x30
	.byte	0x9f
	.byte	0
.LVUS0:
	.uleb128 0
	.uleb128 .LVU3
	.uleb128 .LVU3
	.uleb128 .LVU15
	.uleb128 .LVU15
	.uleb128 0
.LLST0:
	.byte	0x6
	.quad	.LVL0
	.byte	0x4
	.uleb128 .LVL0-.LVL0
	.uleb128 .LVL1-.LVL0
	.uleb128 0x1
	.byte	0x55
	.byte	0x4
	.uleb128 .LVL1-.LVL0
	.uleb128 .LVL7-.LVL0
	.uleb128 0x1
	.byte	0x5c
	.byte	0x4
	.uleb128 .LVL7-.LVL0
	.uleb128 .LFE12-.LVL0
	.uleb128 0x1
	.byte	0x50
	.byte	0
.LVUS2:
	.uleb128 .LVU7
	.uleb128 .LVU8
	.uleb128 .LVU8
	.uleb128 .LVU14
.LLST2:
	.byte	0x6
	.quad	.LVL2
	.byte	0x4
	.uleb128 .LVL2-.LVL2
	.uleb128 .LVL2-.LVL2
	.uleb128 0x2
	.byte	0x30
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL2-.LVL2
	.uleb128 .LVL6-.LVL2
	.uleb128 0x1
	.byte	0x53
	.byte	0
.Ldebug_loc3:
	.section	.debug_aranges,"",@progbits
	.long	0x4c
	.value	0x2
	.long	.Ldebug_info0
	.byte	0x8
	.byte	0
	.value	0
	.value	0
	.quad	.Ltext0
	.quad	.Letext0-.Ltext0
	.quad	.LFB14
	.quad	.LFE14-.LFB14
	.quad	.LFB15
	.quad	.LFE15-.LFB15
	.quad	0
	.quad	0
	.section	.debug_rnglists,"",@progbits
.Ldebug_ranges0:
	.long	.Ldebug_ranges3-.Ldebug_ranges2
.Ldebug_ranges2:
	.value	0x5
	.byte	0x8
	.byte	0
	.long	0
.LLRL1:
	.byte	0x5
	.quad	.LBB2
	.byte	0x4
	.uleb128 .LBB2-.LBB2
	.uleb128 .LBE2-.LBB2
	.byte	0x4
	.uleb128 .LBB3-.LBB2
	.uleb128 .LBE3-.LBB2
	.byte	0
.LLRL6:
	.byte	0x7
	.quad	.Ltext0
	.uleb128 .Letext0-.Ltext0
	.byte	0x7
	.quad	.LFB14
	.uleb128 .LFE14-.LFB14
	.byte	0x7
	.quad	.LFB15
	.uleb128 .LFE15-.LFB15
	.byte	0
.Ldebug_ranges3:
	.section	.debug_line,"",@progbits
.Ldebug_line0:
	.section	.debug_str,"MS",@progbits,1
.LASF13:
	.string	"pthread_t"
.LASF33:
	.string	"GNU C17 12.2.0 -mtune=generic -march=x86-64 -g -O2 -fsanitize=thread -fasynchronous-unwind-tables"
.LASF34:
	.string	"pair"
.LASF17:
	.string	"first"
.LASF26:
	.string	"__tsan_write8"
.LASF23:
	.string	"reader"
.LASF25:
	.string	"__tsan_func_entry"
.LASF28:
	.string	"__builtin___tsan_write8"
.LASF24:
	.string	"writer"
.LASF20:
	.string	"pthread_join"
.LASF11:
	.string	"__size"
.LASF32:
	.string	"__builtin___tsan_func_exit"
.LASF2:
	.string	"unsigned char"
.LASF5:
	.string	"long unsigned int"
.LASF3:
	.string	"short unsigned int"
.LASF18:
	.string	"second"
.LASF27:
	.string	"__builtin___tsan_func_entry"
.LASF35:
	.string	"main"
.LASF21:
	.string	"pthread_create"
.LASF4:
	.string	"unsigned int"
.LASF10:
	.string	"long long unsigned int"
.LASF31:
	.string	"__tsan_func_exit"
.LASF30:
	.string	"__builtin___tsan_read8"
.LASF15:
	.string	"long long int"
.LASF9:
	.string	"char"
.LASF12:
	.string	"__align"
.LASF19:
	.string	"printf"
.LASF7:
	.string	"short int"
.LASF29:
	.string	"__tsan_read8"
.LASF22:
	.string	"shared_pair"
.LASF8:
	.string	"long int"
.LASF14:
	.string	"pthread_attr_t"
.LASF6:
	.string	"signed char"
.LASF16:
	.string	"stored"
	.section	.debug_line_str,"MS",@progbits,1
.LASF0:
	.string	"tests/trace/fixtures/counted.c"
.LASF1:
	.string	"/lineup"
	.ident	"GCC: (Debian 12.2.0-14+deb12u1) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
