<?php
/**
 * Every custom field of FC's catalogue, written once: the post type or taxonomy it belongs to,
 * its meta key (the name the site reads under `meta`), its label (the control's label in the
 * editor and the field a refusal names, in the editor's language: text domain `fc-catalogue`),
 * its kind, what a relation points at, and whether it is language-neutral (the same in both
 * languages, so Polylang copies it into a new translation). The model registers the fields from
 * this list, the validation checks them, the editor script draws them.
 *
 * Kinds: `text`, `year` (a whole number), `relation` (one post id of `target`, 0 none),
 * `relations` (post ids of `target`, ordered), `image` (an attachment id, 0 none), `gallery`
 * (attachment ids, ordered), `hotspots` (`[{product, x, y}]`, x and y percentages of the scene
 * image), `company` (the front page's company details).
 *
 * @package FC_Catalogue
 */

defined( 'ABSPATH' ) || exit;

final class FC_Catalogue_Fields {

	/** The front page's fields live on pages; the editor shows them on the front page only. */
	const FRONT_PAGE = 'page';

	/** @return array<string, array<string, array{label: string, kind: string, target?: string, neutral: bool}>> post type → meta key → field */
	public static function post_fields(): array {
		return array(
			'products'          => array(
				'code'       => self::field( __( 'Code', 'fc-catalogue' ), 'text', true ),
				'dimensions' => self::field( __( 'Dimensions', 'fc-catalogue' ), 'text', true ),
				'materials'  => self::field( __( 'Materials', 'fc-catalogue' ), 'text', false ),
				'designer'   => self::field( __( 'Designer', 'fc-catalogue' ), 'relation', true, 'designers' ),
				'collection' => self::field( __( 'Collection', 'fc-catalogue' ), 'relation', true, 'collections' ),
				'exclusive'  => self::field( __( 'Exclusive', 'fc-catalogue' ), 'relation', true, 'exclusives' ),
				'gallery'    => self::field( __( 'Gallery', 'fc-catalogue' ), 'gallery', true ),
				'related'    => self::field( __( 'Related products', 'fc-catalogue' ), 'relations', true, 'products' ),
				'year'       => self::field( __( 'Year', 'fc-catalogue' ), 'year', true ),
			),
			'collections'       => array(
				'subtitle' => self::field( __( 'Subtitle', 'fc-catalogue' ), 'text', false ),
				'designer' => self::field( __( 'Designer', 'fc-catalogue' ), 'relation', true, 'designers' ),
				'year'     => self::field( __( 'Year', 'fc-catalogue' ), 'year', true ),
			),
			'exclusives'        => array(
				'subtitle' => self::field( __( 'Subtitle', 'fc-catalogue' ), 'text', false ),
				'partner'  => self::field( __( 'Partner', 'fc-catalogue' ), 'text', true ),
				'year'     => self::field( __( 'Year', 'fc-catalogue' ), 'year', true ),
			),
			'designers'         => array(
				'role' => self::field( __( 'Role', 'fc-catalogue' ), 'text', false ),
				'city' => self::field( __( 'City', 'fc-catalogue' ), 'text', false ),
			),
			'projects'          => array(
				'location' => self::field( __( 'Location', 'fc-catalogue' ), 'text', false ),
				'year'     => self::field( __( 'Year', 'fc-catalogue' ), 'year', true ),
				'imagemap' => self::field( __( 'Imagemap', 'fc-catalogue' ), 'relation', true, 'imagemap_products' ),
				'products' => self::field( __( 'Products', 'fc-catalogue' ), 'relations', true, 'products' ),
			),
			'imagemap_products' => array(
				'image'    => self::field( __( 'Scene image', 'fc-catalogue' ), 'image', true ),
				'hotspots' => self::field( __( 'Hotspots', 'fc-catalogue' ), 'hotspots', true, 'products' ),
			),
			self::FRONT_PAGE    => array(
				'hero_media'           => self::field( __( 'Hero image', 'fc-catalogue' ), 'image', true ),
				'tagline'              => self::field( __( 'Tagline', 'fc-catalogue' ), 'text', false ),
				'featured_collections' => self::field( __( 'Featured collections', 'fc-catalogue' ), 'relations', true, 'collections' ),
				'featured_exclusives'  => self::field( __( 'Featured exclusives', 'fc-catalogue' ), 'relations', true, 'exclusives' ),
				'imagemap'             => self::field( __( 'Imagemap', 'fc-catalogue' ), 'relation', true, 'imagemap_products' ),
				'company'              => self::field( __( 'Company', 'fc-catalogue' ), 'company', true ),
			),
		);
	}

	/** @return array<string, array<string, array{label: string, kind: string, neutral: bool}>> taxonomy → meta key → field */
	public static function term_fields(): array {
		return array(
			'product_categories' => array(
				'image' => self::field( __( 'Image', 'fc-catalogue' ), 'image', true ),
			),
			'product_colors'     => array(
				'hex' => self::field( __( 'Hex', 'fc-catalogue' ), 'hex', true ),
			),
		);
	}

	/** The company details' parts, in the order the editor shows them. */
	public static function company_parts(): array {
		return array(
			'name'       => __( 'Name', 'fc-catalogue' ),
			'legal_name' => __( 'Legal name', 'fc-catalogue' ),
			'address'    => __( 'Address', 'fc-catalogue' ),
			'city'       => __( 'City', 'fc-catalogue' ),
			'country'    => __( 'Country', 'fc-catalogue' ),
			'vat'        => __( 'VAT number (Partita IVA)', 'fc-catalogue' ),
			'email'      => __( 'Email', 'fc-catalogue' ),
			'phone'      => __( 'Phone', 'fc-catalogue' ),
		);
	}

	/** The fields of one post type ([] for a type without fields). */
	public static function of( string $post_type ): array {
		return self::post_fields()[ $post_type ] ?? array();
	}

	/** Meta keys that are the same in every language (Polylang copies them into a translation). */
	public static function neutral_keys( array $fields ): array {
		return array_keys( array_filter( $fields, static fn( $field ) => $field['neutral'] ) );
	}

	private static function field( string $label, string $kind, bool $neutral, string $target = '' ): array {
		$field = array(
			'label'   => $label,
			'kind'    => $kind,
			'neutral' => $neutral,
		);
		if ( '' !== $target ) {
			$field['target'] = $target;
		}
		return $field;
	}
}
